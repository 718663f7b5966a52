// Property-based bodies through the real server (issue 28, ADR 0085): every JSON route that takes a
// write, called by the owner of a fresh organisation with bodies fast-check makes (wrong types, huge
// strings, unicode, NUL bytes, negative and fractional numbers, nested junk, and the fields client_id,
// role and price): never a 5xx, never a stack trace, and nobody's role or organisation moves.
// FUZZ_HTTP_RUNS bodies per route: 1 in npm test, 100 in `npm run fuzz` (the schemas themselves get
// 100 runs each in Vitest, app/models/schemas.property.test.ts).
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { expect, test } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { browsers, ORIGIN_HEADERS, ownerSession } from './helpers'

const RUNS = Number(process.env.FUZZ_HTTP_RUNS ?? 1)
const ROUTES_DIR = fileURLToPath(new URL('../../app/routes', import.meta.url))
// Routes that end or hand over the session, or take only signed third-party bodies: the smoke and their own specs cover them.
const SKIPPED = /^api\.(auth\.(logout|login|verification-2fa)|webhooks\.|impersonation)/

/** `api.client.service.$id.ts` → `/api/client/service/<random id>` (the smoke spec's rule, without `[...]` escapes, which API routes do not use). */
function urlOf(file: string): string {
  const segments = file
    .replace(/\.[jt]sx?$/, '')
    .split('.')
    .filter((s) => !s.startsWith('_'))
  return `/${segments.map((s) => (s.startsWith('$') ? randomBytes(12).toString('hex') : s.replace(/_$/, ''))).join('/')}`
}

const ROUTES = readdirSync(ROUTES_DIR)
  .filter((f) => /^api\..+\.[jt]sx?$/.test(f) && !/\.server\./.test(f) && !SKIPPED.test(f))
  .filter((f) => /export\s+(async\s+)?(function|const)\s+action\b/.test(readFileSync(`${ROUTES_DIR}/${f}`, 'utf8')))
  .sort()

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
        for (const data of fc.sample(body, { numRuns: RUNS })) {
          const res = await a.request.fetch(urlOf(file), { method: 'POST', headers: { ...ORIGIN_HEADERS, Connection: 'close' }, data, maxRedirects: 0 })
          const answer = await res.text()
          if (res.status() >= 500) failures.push(`${res.status()} ${file}: ${answer.slice(0, 120)}`)
          else if (STACK_TRACE.test(answer)) failures.push(`stack trace from ${file}: ${answer.slice(0, 200)}`)
        }
      }
      expect(failures).toEqual([])
      // The owner is still the owner of this organisation alone, and still signed in.
      expect((await a.request.get('/api/auth/user')).status()).toBe(200)
      const memberships = await platformDb.selectFrom('memberships').select(['client_id', 'role']).where('user_id', '=', a.owner.id).execute()
      expect(memberships).toEqual([{ client_id: a.org.id, role: 'client' }])
      const account = await platformDb.selectFrom('users').select(['client_id', 'is_superadmin']).where('id', '=', a.owner.id).executeTakeFirstOrThrow()
      expect(account.client_id).toBe(a.org.id)
      expect(account.is_superadmin).toBeFalsy()
    })
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
