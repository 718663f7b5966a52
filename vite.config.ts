import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import { remixConfig } from './remix.config'
import { shellChunk } from './vite.shell-chunk'

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), remix(remixConfig), tsconfigPaths()],
  server: { port: 3000 },
  // The browser build puts the back office's shell in one chunk (ADR 0106).
  build: { target: 'es2022', rollupOptions: isSsrBuild ? {} : { output: { manualChunks: shellChunk() } } },
}))
