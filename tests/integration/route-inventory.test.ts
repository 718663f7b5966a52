// The route inventory (issue 28, ADR 0085): every page and JSON route that needs a session, read from
// app/routes, against the tests that call it, read from tests/ and the *.test.ts files. Each such route
// needs a test of a caller without a session, of a member without the permission, and of another
// organisation's (customer's, contributor's) ids. What no test covers yet is listed in
// route-inventory.gaps.json, and the list only shrinks: a new uncovered route fails, and so does a
// listed gap that a test now covers (remove it). `WRITE_ROUTE_GAPS=1` rewrites the list.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { APP_ROUTES } from '#app/rules/routes'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const ROUTES_DIR = path.join(ROOT, 'app/routes')
const GAPS_FILE = fileURLToPath(new URL('./route-inventory.gaps.json', import.meta.url))

type Check = 'no-session' | 'permission' | 'other-tenant'
type Side = 'back-office' | 'platform' | 'customer' | 'contributor'
type Route = { file: string; path: string; pattern: RegExp; side: Side; needs: Check[] }

// Guards that need a session; requirePortalHost only names the organisation of the host.
const SESSION_GUARD =
  /\brequire(Permission|AuditedPermission|Platform|Customer|User|Crm|CrmChange|Leads|Contributor|ContributorOrder|Invoices|NotificationsReader|OwnCredentials|PayoutsOwner|PayoutsSetup|Reviewer)\(|\brequireTenantUser\(/
// A guard given a permission (a staff member can lack it); plain requirePermission(request) takes any member.
const PERMISSION_GUARD =
  /\brequire(AuditedPermission|Platform|Crm|CrmChange|Leads|Invoices|PayoutsOwner|PayoutsSetup|Reviewer|Contributor|ContributorOrder)\(|\brequire(Permission|User)\(\s*request\s*,\s*(?!\{\s*\})[^)]/

/** Splits a flat-route file name on the dots outside `[...]`. */
function segmentsOf(name: string): string[] {
  const out: string[] = []
  let raw = ''
  let inBrackets = false
  for (const ch of name) {
    if (ch === '[' || ch === ']') inBrackets = ch === '['
    if (ch === '.' && !inBrackets) {
      out.push(raw)
      raw = ''
    } else raw += ch
  }
  out.push(raw)
  return out
}

/** The URL of a Remix flat-route file, params as `:name`. */
function urlPathOf(file: string): string {
  const parts: string[] = []
  for (const raw of segmentsOf(file.replace(/\.[jt]sx?$/, ''))) {
    if (raw.startsWith('_') && !raw.startsWith('[')) continue
    const segment = raw.replace(/^\((.*)\)$/, '$1').replace(/_$/, '')
    parts.push(segment.startsWith('$') ? `:${segment.slice(1) || 'splat'}` : segment.replace(/[[\]]/g, ''))
  }
  return `/${parts.join('/')}`
}

/** Where a test names the path: literally, with any text (`${id}`, an id) standing in for each param. */
function patternOf(urlPath: string): RegExp {
  const body = urlPath
    .split('/')
    .map((s) => (s.startsWith(':') ? `[^/'"\`\\s?#]+` : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
  return new RegExp(`['"\`]${body}(?![\\w/-])`)
}

/** A module's top-level functions and consts by name, each with its text (up to the next top-level statement). */
function topLevelDefinitions(source: string): Map<string, string> {
  const starts = [...source.matchAll(/^(?:export\s+)?(?:async\s+)?(?:function\s*\*?\s*|const\s+|let\s+|class\s+)(\w+)/gm)]
  return new Map(starts.map((m, i) => [m[1]!, source.slice(m.index, starts[i + 1]?.index ?? source.length)]))
}

/**
 * What of a `./x.server` helper the route runs: the functions it imports, and the helper's own functions they
 * call, transitively. A guard elsewhere in the helper (a neighbour's) is not the route's: `api.leads.capture`
 * takes only `tenantForHost` from the file that also holds the leads pages' `requireLeads`.
 */
function usedHelperSource(helper: string, imported: string[]): string {
  const definitions = topLevelDefinitions(readFileSync(helper, 'utf8'))
  const used = new Set<string>()
  const pending = imported.filter((name) => definitions.has(name))
  while (pending.length) {
    const name = pending.pop()!
    if (used.has(name)) continue
    used.add(name)
    for (const other of definitions.keys()) if (!used.has(other) && new RegExp(`\\b${other}\\b`).test(definitions.get(name)!)) pending.push(other)
  }
  return [...used].map((name) => definitions.get(name)!).join('\n')
}

/** The route module's source with what it runs of the `./x.server` helpers beside it (where guards often sit). */
function sourceWithHelpers(file: string): string {
  const source = readFileSync(path.join(ROUTES_DIR, file), 'utf8')
  const helpers = [...source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from '(?:\.\/|#app\/routes\/)([\w.-]+\.server)'/g)].map((m) => ({
    file: path.join(ROUTES_DIR, `${m[2]}.ts`),
    names: m[1]!
      .split(',')
      .map(
        (n) =>
          n
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
      )
      .filter(Boolean),
  }))
  return [source, ...helpers.filter((h) => existsSync(h.file)).map((h) => usedHelperSource(h.file, h.names))].join('\n')
}

function sideOf(file: string, urlPath: string, source: string): Side {
  if (file.startsWith('_portal.') || urlPath.startsWith('/api/portal') || urlPath.startsWith('/my-orders') || /\brequireCustomer\(/.test(source)) return 'customer'
  if (urlPath.startsWith('/work') || urlPath.startsWith('/api/work') || /\brequireContributor(Order)?\(/.test(source)) return 'contributor'
  const page = APP_ROUTES.find((r) => r.path === urlPath)
  if (page?.platform || (/\brequirePlatform\(/.test(source) && !/\brequirePermission\(/.test(source))) return 'platform'
  return 'back-office'
}

function discoverRoutes(): Route[] {
  return readdirSync(ROUTES_DIR)
    .filter((f) => /\.[jt]sx?$/.test(f) && !/\.server\.[jt]sx?$/.test(f) && !f.endsWith('.test.ts'))
    .sort()
    .flatMap((file): Route[] => {
      const source = sourceWithHelpers(file)
      const own = readFileSync(path.join(ROUTES_DIR, file), 'utf8')
      // Layouts (a bare `_app.tsx`) and modules without a loader or action are not reachable on their own.
      const urlPath = urlPathOf(file)
      if (urlPath === '/' && !file.includes('_index')) return []
      if (!/export\s+(async\s+)?(function|const)\s+(loader|action)\b|export\s*\{[^}]*\b(loader|action)\b/.test(own)) return []
      if (!SESSION_GUARD.test(source)) return []
      const side = sideOf(file, urlPath, source)
      const needs: Check[] = ['no-session']
      if (side !== 'customer' && PERMISSION_GUARD.test(source)) needs.push('permission')
      // Another tenant's ids matter wherever the route takes an id: in its path, its body or its query.
      if (urlPath.includes(':') || /\b(params\.|_id\b|\w+Id\b|\bids?\b)/.test(own)) needs.push('other-tenant')
      return [{ file, path: urlPath, pattern: patternOf(urlPath), side, needs }]
    })
}

function testFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) testFiles(full, out)
    else if (/\.(test|spec)\.tsx?$/.test(name)) out.push(full)
  }
  return out
}

/** Each `it(`/`test(` block of a file, with the names its route-module imports go by. */
function blocksOf(source: string): string[] {
  const starts = [...source.matchAll(/^\s*(it|test)(\.each\([^)]*\))?\(/gm)].map((m) => m.index!)
  return starts.map((start, i) => source.slice(start, starts[i + 1] ?? source.length))
}

const NO_SESSION = /\b401\b|Unauthorized|signed[ -]out|without a session|new Client\(\)|\/login\b/i
const MISSING_PERMISSION = /\b403\b/
const OTHER_TENANT_STATUS = /\b404\b|\b403\b|not found/i
const OTHER_TENANT = /\b(rival|other|another|foreign|orgB|tenantB|createTenant|wb|b\.(org|owner|request|customer|writer)|bob|eve|outsider|stranger)\b/i

/** What the tests show for each route file: the checks some test block makes while naming it. */
function coverage(routes: Route[]): Map<string, Set<Check>> {
  const found = new Map<string, Set<Check>>(routes.map((r) => [r.file, new Set<Check>()]))
  const files = [...testFiles(path.join(ROOT, 'tests')), ...testFiles(path.join(ROOT, 'app')), ...testFiles(path.join(ROOT, 'server'))]
  for (const file of files) {
    const source = readFileSync(file, 'utf8')
    // `import * as create from '#app/routes/api.client.service.create'`: calls read `create.action(...)`.
    const aliases = new Map<string, string>()
    for (const m of source.matchAll(/import \* as (\w+) from '#app\/routes\/([^']+)'/g)) aliases.set(m[1]!, m[2]!.replace(/\.[jt]sx?$/, ''))
    for (const block of blocksOf(source)) {
      const checks: Check[] = []
      if (NO_SESSION.test(block)) checks.push('no-session')
      if (MISSING_PERMISSION.test(block)) checks.push('permission')
      if (OTHER_TENANT_STATUS.test(block) && OTHER_TENANT.test(block)) checks.push('other-tenant')
      if (!checks.length) continue
      for (const route of routes) {
        const module = route.file.replace(/\.[jt]sx?$/, '')
        const named = route.pattern.test(block) || [...aliases].some(([alias, target]) => target === module && new RegExp(`\\b${alias}\\.(loader|action)\\b`).test(block))
        if (named) for (const c of checks) found.get(route.file)!.add(c)
      }
    }
  }
  // tests/security/api-smoke.spec.ts reads every api.* route from app/routes and calls each signed out.
  const smoke = readFileSync(path.join(ROOT, 'tests/security/api-smoke.spec.ts'), 'utf8')
  if (/readdirSync\(ROUTES_DIR\)/.test(smoke) && /signed out: a refusal/.test(smoke)) {
    for (const route of routes) if (route.file.startsWith('api.')) found.get(route.file)!.add('no-session')
  }
  return found
}

function gapsOf(routes: Route[], found: Map<string, Set<Check>>): Record<string, Check[]> {
  const gaps: Record<string, Check[]> = {}
  for (const route of routes) {
    const missing = route.needs.filter((c) => !found.get(route.file)!.has(c))
    if (missing.length) gaps[route.file] = missing
  }
  return gaps
}

describe('route inventory', () => {
  const routes = discoverRoutes()
  const gaps = gapsOf(routes, coverage(routes))
  if (process.env.WRITE_ROUTE_GAPS) writeFileSync(GAPS_FILE, `${JSON.stringify(gaps, null, 2)}\n`)
  const known = JSON.parse(readFileSync(GAPS_FILE, 'utf8')) as Record<string, Check[]>

  it('finds the routes that need a session, on every side', () => {
    const sides = new Set(routes.map((r) => r.side))
    expect([...sides].sort()).toEqual(['back-office', 'contributor', 'customer', 'platform'])
    // A sample the discovery must keep seeing (it reads guards, so a renamed guard would hide routes).
    const files = routes.map((r) => r.file)
    expect(files).toEqual(expect.arrayContaining(['api.client.service.create.ts', '_app.orders.view.tsx', 'api.portal.invoices.ts', '_app.work._index.tsx']))
    expect(files).not.toContain('healthz.ts')
    // Public, though the helper file it takes tenantForHost from also holds the leads pages' guard.
    expect(files).not.toContain('api.leads.capture.ts')
    expect(routes.length).toBeGreaterThan(250)
  })

  it('every route that needs a session has its three tests, or is a listed gap', () => {
    const unlisted = Object.entries(gaps).flatMap(([file, checks]) => checks.filter((c) => !known[file]?.includes(c)).map((c) => `${file}: no test of ${c}`))
    expect(unlisted, 'write the test (or, for a route just added, at least see why it has none)').toEqual([])
  })

  it('lists no gap that a test now covers (the list only shrinks)', () => {
    const stale = Object.entries(known).flatMap(([file, checks]) => checks.filter((c) => !gaps[file]?.includes(c)).map((c) => `${file}: ${c}`))
    expect(stale, 'covered now: remove from route-inventory.gaps.json').toEqual([])
  })

  it('reads a test as covering a route only when it names the route and checks the answer', () => {
    const sample = discoverRoutes().filter((r) => r.file === 'api.client.service.create.ts')
    const found = coverage(sample)
    // tests/integration/workflows-api.test.ts: 401 signed out, 403 for staff; the inventory must see both.
    expect([...found.get('api.client.service.create.ts')!].sort()).toEqual(expect.arrayContaining(['no-session', 'permission']))
  })
})
