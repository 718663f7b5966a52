// Property-based bodies through the real server (issue 28, ADR 0085): every JSON route that takes a
// write, and every back-office page's form action, called by the owner of a fresh organisation with bodies
// fast-check makes (wrong types, huge strings, unicode, NUL bytes, negative and fractional numbers, nested
// junk, and the fields client_id, role and price; for forms, the page's own intents and field names with
// hostile values): never a 5xx, never a stack trace, and nobody's role or organisation moves.
// FUZZ_HTTP_RUNS bodies per route: 1 in npm test, 100 in `npm run fuzz` (the schemas themselves get
// 100 runs each in Vitest, app/models/schemas.property.test.ts).
import fc from 'fast-check'
import { expect, test } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { routeFilesExporting, routeSource, urlPathFor } from '#tests/security/route-urls'
import { browsers, ORIGIN_HEADERS, ownerSession } from './helpers'

const RUNS = Number(process.env.FUZZ_HTTP_RUNS ?? 1)
// Routes that end or hand over the session, or take only signed third-party bodies: the smoke and their own specs cover them.
const SKIPPED = /^api\.(auth\.(logout|login|verification-2fa)|webhooks\.|impersonation)/
// An action that only answers 405 (a read-only route's writes) has nothing to fuzz.
const ROUTES = routeFilesExporting('action', (file) => /^api\./.test(file) && !SKIPPED.test(file)).filter(
  (file) => !/export const action = \(\) => methodNotAllowed\(\)/.test(routeSource(file)),
)

/** The write methods a route's action serves, read from its method checks; POST when it names none. */
function writeMethods(file: string): string[] {
  const named = [...routeSource(file).matchAll(/request\.method\s*[!=]==\s*'(POST|PUT|PATCH|DELETE)'/g)].map((m) => m[1]!)
  return named.length ? [...new Set(named)] : ['POST']
}
// The back office's pages (and its two small settings routes), as the owner; sign-in, portal and session routes have their own specs.
const PAGES = routeFilesExporting('action', (file) => /^(_app\.|table-columns\.|ui-settings\.)/.test(file))

const HUGE = 'x'.repeat(100_000)
const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.constantFrom('', '\u0000', 'a\u0000b', '\u202e', '💥'.repeat(500), HUGE, "' OR 1=1 --", '__proto__'))
const number = fc.oneof(fc.integer({ min: -1_000_000, max: -1 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, 0.5, -1.5, 2 ** 53))
// `{"toString": 1}` made String() and Number() throw inside the schemas' coercions (a 500) until readBody dropped such keys.
const unconvertible = fc.constantFrom({ toString: 1 }, { valueOf: {}, toString: 'x' })
const value = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    text,
    number,
    fc.boolean(),
    fc.constant(null),
    unconvertible,
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('v'), { maxKeys: 3 }),
  ),
})).v
const KEYS = ['name', 'email', 'id', '_id', 'ids', 'status', 'amount', 'title', 'page', 'limit', 'data', 'price', 'description', 'firstName', 'invoice_id', 'orderId']
const body = fc
  .record(Object.fromEntries(KEYS.map((k) => [k, value])), { requiredKeys: [] })
  .map((b) => ({ ...b, client_id: 1, clientId: 1, role: 'superadmin', permissions: ['ALL'], price: -1 }))

const STACK_TRACE = /\n\s+at .+:\d+:\d+|node_modules\/|\.server\.ts/

const open = browsers()
const GROUPS = 4
test.describe('hostile bodies on every JSON write route', () => {
  // About 50 routes a group: half a minute per round of bodies is ample, even on a busy machine.
  test.describe.configure({ timeout: 60_000 + RUNS * 30_000 })
  for (let g = 0; g < GROUPS; g++)
    test(`never a 5xx or a stack trace, nothing smuggled (group ${g + 1} of ${GROUPS}, ${RUNS} run(s) per route)`, async ({ playwright }) => {
      const a = await ownerSession(open, playwright)
      const failures: string[] = []
      for (const file of ROUTES.filter((_, i) => i % GROUPS === g)) {
        const methods = writeMethods(file)
        for (const [i, data] of fc.sample(body, { numRuns: RUNS }).entries()) {
          // Each body in turn with each method the route serves (a POST to a PATCH route only tests the 405).
          const method = methods[i % methods.length]!
          const res = await a.request.fetch(urlPathFor(file), { method, headers: { ...ORIGIN_HEADERS, Connection: 'close' }, data, maxRedirects: 0 })
          const answer = await res.text()
          if (res.status() >= 500) failures.push(`${res.status()} ${file}: ${answer.slice(0, 120)}`)
          else if (STACK_TRACE.test(answer)) failures.push(`stack trace from ${file}: ${answer.slice(0, 200)}`)
        }
      }
      expect(failures).toEqual([])
      await expectOwnerUnmoved(a)
    })
})

/** The owner is still the owner of this organisation alone, and still signed in. */
async function expectOwnerUnmoved(a: Awaited<ReturnType<typeof ownerSession>>) {
  expect((await a.request.get('/api/auth/user')).status()).toBe(200)
  const memberships = await platformDb.selectFrom('memberships').select(['client_id', 'role']).where('user_id', '=', a.owner.id).execute()
  expect(memberships).toEqual([{ client_id: a.org.id, role: 'client' }])
  const account = await platformDb.selectFrom('users').select(['client_id', 'is_superadmin']).where('id', '=', a.owner.id).executeTakeFirstOrThrow()
  expect(account.client_id).toBe(a.org.id)
  expect(account.is_superadmin).toBeFalsy()
}

/** What a page's form posts: the intents its action tells apart and the field names its markup and action read. */
function formVocabulary(file: string) {
  const source = routeSource(file)
  const found = (pattern: RegExp) => [...source.matchAll(pattern)].map((m) => m[1]!)
  const intents = [...new Set(found(/(?:case|intent\s*===?)\s*'([\w-]+)'/g).concat(found(/name="intent"\s+value="([\w-]+)"/g)))]
  const names = [...new Set(found(/name="([\w.[\]-]+)"/g).concat(found(/(?:form|formData)\.get(?:All)?\('([\w.[\]-]+)'\)/g)))]
  return { intents, names: names.filter((n) => n !== 'intent') }
}

/** A urlencoded form body: one of the page's intents (or junk), its fields and the smuggled ones, all with hostile values. */
function formBody(file: string) {
  const { intents, names } = formVocabulary(file)
  const field = fc.constantFrom(...names, ...KEYS, 'client_id', 'clientId', 'role', 'permissions', 'price')
  return fc.record({ intent: fc.oneof(fc.constantFrom('', ...intents), text), fields: fc.array(fc.tuple(field, text), { maxLength: 12 }) }).map(({ intent, fields }) => {
    const form = new URLSearchParams({ intent })
    for (const [name, value] of fields) form.append(name, value)
    return form.toString()
  })
}

const PAGE_GROUPS = 2
test.describe('hostile form posts on every back-office page action', () => {
  test.describe.configure({ timeout: 60_000 + RUNS * 30_000 })
  for (let g = 0; g < PAGE_GROUPS; g++)
    test(`never a 5xx or a stack trace, nothing smuggled (pages, group ${g + 1} of ${PAGE_GROUPS}, ${RUNS} run(s) per page)`, async ({ playwright }) => {
      const a = await ownerSession(open, playwright)
      const failures: string[] = []
      for (const file of PAGES.filter((_, i) => i % PAGE_GROUPS === g)) {
        for (const data of fc.sample(formBody(file), { numRuns: RUNS })) {
          const headers = { ...ORIGIN_HEADERS, 'Content-Type': 'application/x-www-form-urlencoded', Connection: 'close' }
          const res = await a.request.fetch(urlPathFor(file), { method: 'POST', headers, data, maxRedirects: 0 })
          const answer = await res.text()
          if (res.status() >= 500) failures.push(`${res.status()} ${file}: ${answer.slice(0, 120)}`)
          else if (STACK_TRACE.test(answer)) failures.push(`stack trace from ${file}: ${answer.slice(0, 200)}`)
        }
      }
      expect(failures).toEqual([])
      await expectOwnerUnmoved(a)
    })
})

test('every JSON write route is fuzzed with the methods it serves, every back-office page with its own intents', () => {
  expect(writeMethods('api.client.orders.ts')).toEqual(['PATCH'])
  expect(ROUTES).not.toContain('api.client.orders_.invoices.ts')
  expect(PAGES.length).toBeGreaterThan(60)
  expect(formVocabulary('_app.leads.view.tsx').intents).toEqual(expect.arrayContaining(['add', 'status', 'note', 'convert']))
})

test('a JSON value that cannot be converted is a field error, not a 500 (it threw inside the coercions)', async ({ playwright }) => {
  const a = await ownerSession(open, playwright)
  const reminder = { id: 'r1', num: 1, numberOfDays: { toString: 1 }, email: { subject: 'Hi', body: '<p>Body</p>' } }
  const res = await a.request.post('/api/client/service/create', {
    headers: ORIGIN_HEADERS,
    data: { serviceName: { toString: 1 }, serviceType: 'resume', serviceModules: [{ id: 'previous_document', title: 'Upload', reminders: [reminder] }] },
  })
  expect(res.status()).toBe(400)
  expect(await res.json()).toMatchObject({ status: false })
})
