// Which routes the browser's route manifest carries (ADR 0106): every page, and of the resource routes
// only those the browser reaches through Remix's router (a fetcher, useSubmit, a <Form> without reloadDocument).
/** The /api/ resource routes a component loads or submits through the router (a fetcher), so the browser must match them. */
export const ROUTER_API_PATHS: ReadonlySet<string> = new Set([
  // The create-order customer search (create-order-customer-picker.tsx: fetcher.load).
  'api/customers/get',
])

// A flat route file's id from its static path: api/customers/get is app/routes/api.customers.get.ts.
const ROUTER_API_IDS = new Set([...ROUTER_API_PATHS].map((path) => `routes/${path.replaceAll('/', '.')}`))

export type ManifestRoute = { id: string; hasDefaultExport: boolean }

/**
 * A page stays, and so does any resource route outside app/routes/api.* (downloads, /table-columns,
 * /ui-settings, ...). An /api/ resource route (its file under api.*, nested ones included) is a JSON contract
 * the browser calls with fetch() or opens with a plain link (a full request the router never matches), so the
 * browser does not need it: about 200 routes and 5 kB gzipped less on every page's first load.
 */
export function inBrowserManifest(route: ManifestRoute): boolean {
  if (route.hasDefaultExport) return true
  if (!route.id.startsWith('routes/api.')) return true
  return ROUTER_API_IDS.has(route.id)
}
