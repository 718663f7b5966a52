import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { inBrowserManifest, ROUTER_API_PATHS } from './browser-manifest'

// load( submit( navigate( or action= to= directly followed by a literal path under /api/.
const ROUTER_CALL = /(?:\b(?:load|submit|navigate)\(\s*|\b(?:action|to)=\{?\s*)[`'"]\/(api\/[^`'"?$]*)/g

describe('inBrowserManifest', () => {
  it.each([
    [{ id: 'routes/_app.orders.view', hasDefaultExport: true }, true],
    [{ id: 'routes/_app', hasDefaultExport: true }, true],
    [{ id: 'routes/api.whatever.page', hasDefaultExport: true }, true],
    [{ id: 'routes/table-columns', hasDefaultExport: false }, true],
    [{ id: 'routes/my-orders.$orderId.downloads.$fileId', hasDefaultExport: false }, true],
    [{ id: 'routes/api.customers.get', hasDefaultExport: false }, true],
    [{ id: 'routes/api.client.orders', hasDefaultExport: false }, false],
    [{ id: 'routes/api.file.download.$key', hasDefaultExport: false }, false],
    [{ id: 'routes/api.client.orders.$orderId.services.$serviceId.reopen-revision', hasDefaultExport: false }, false],
    [{ id: 'routes/api.customers.get.$id', hasDefaultExport: false }, false],
    [{ id: 'routes/apis.not-the-api', hasDefaultExport: false }, true],
  ])('%o: %s', (route, expected) => {
    expect(inBrowserManifest(route)).toBe(expected)
  })

  // A tripwire, not a proof: an /api/ path written where the router takes it (a fetcher's load or submit, a
  // Form's action, a Link's to, navigate) must be one the browser's manifest keeps, or the router answers 404.
  it('keeps every /api/ path that app code hands to the router', () => {
    const root = path.resolve(import.meta.dirname, '..')
    const handed = new Set<string>()
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name)
        if (entry.isDirectory()) walk(file)
        else if (/\.tsx?$/.test(entry.name) && !/\.(test|server)\.tsx?$/.test(entry.name)) {
          for (const [, api] of fs.readFileSync(file, 'utf8').matchAll(ROUTER_CALL)) handed.add(api!)
        }
      }
    }
    walk(root)
    expect([...handed].sort()).toEqual([...ROUTER_API_PATHS].sort())
  })
})
