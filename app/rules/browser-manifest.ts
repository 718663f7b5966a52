// Which routes the browser's route manifest carries (ADR 0106): every page, and of the resource routes
// only those the browser reaches through Remix's router (a fetcher, useSubmit, a <Form> without reloadDocument).
/** The /api/ resource routes a component loads or submits through the router (a fetcher), so the browser must match them. */
export const ROUTER_API_PATHS: ReadonlySet<string> = new Set([
  // The create-order customer search (create-order-customer-picker.tsx: fetcher.load).
  'api/customers/get',
])

export type ManifestRoute = { path?: string; hasDefaultExport: boolean }

/**
 * A page stays, and so does any resource route outside /api/ (downloads, /table-columns, /ui-settings, ...).
 * An /api/ resource route is a JSON contract the browser calls with fetch() or opens with a plain link (a full
 * request the router never matches), so the browser does not need it: about 170 routes and 4 kB gzipped less
 * on every page's first load.
 */
export function inBrowserManifest(route: ManifestRoute): boolean {
  if (route.hasDefaultExport) return true
  const path = route.path ?? ''
  if (!path.startsWith('api/')) return true
  return ROUTER_API_PATHS.has(path)
}
