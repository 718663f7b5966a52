// Remix Vite plugin options; vite.config.ts passes them to remix(...).
import type { VitePluginConfig } from '@remix-run/dev'
import { inBrowserManifest } from './app/rules/browser-manifest'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

export const remixConfig: VitePluginConfig = {
  appDirectory: 'app',
  // Separate build folders let several checkouts of the suite run side by side.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  // Server helpers shared by several routes sit beside them as <name>.server.ts; they are not routes.
  ignoredRouteFiles: ['**/*.test.ts', '**/*.test.tsx', '**/*.server.*', '**/.*'],
  serverModuleFormat: 'esm',
  // The browser's route manifest leaves out the /api/ resource routes it never reaches through the router
  // (patches/@remix-run+dev: the server's manifest keeps every route; ADR 0106).
  browserRoute: inBrowserManifest,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Off: the whole route manifest is one immutable, cached file instead of route matching on every
    // page render and /__manifest request (ADR 0026).
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: true,
  },
}
