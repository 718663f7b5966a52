// The sign-in's organisation picker through the real HTTP server (issue 28): GET /api/user/orgs and the
// no-JS e-mail step of /login share one budget per address for lookups that find nothing, so nobody
// tests address after address; a lookup that finds an organisation gives its point back.
import { expect, test } from '@playwright/test'
import { limits, TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import { uniqueEmail } from '#tests/factories/index'
import { freshLoopbackAddress, rawRequest } from '#tests/security/raw-http'

const lookup = (address: string, email: string) => rawRequest({ path: `/api/user/orgs?email=${encodeURIComponent(email)}`, localAddress: address })

test('lookups that find nothing are limited per address; found ones are not, and another address is unaffected', async () => {
  const guesser = freshLoopbackAddress()
  const budget = limits.orgLookupMissesPerIp().points
  // In parallel, as a script would: exactly the budget is answered, the rest refused.
  const statuses = await Promise.all(Array.from({ length: budget + 5 }, () => lookup(guesser, uniqueEmail('guess'))))
  expect(statuses.filter((r) => r.status === 404)).toHaveLength(budget)
  const refused = statuses.filter((r) => r.status === 429)
  expect(refused).toHaveLength(5)
  expect(JSON.parse(refused[0]!.body)).toMatchObject({ status: false, error: TOO_MANY_ATTEMPTS })
  // Spent is spent: even a real address waits, through the API and the no-JS login form alike.
  expect((await lookup(guesser, 'owner@demo.test')).status).toBe(429)
  const form = await rawRequest({
    method: 'POST',
    path: '/login',
    localAddress: guesser,
    headers: { Host: `localhost:${process.env.PORT ?? 3100}`, 'Content-Type': 'application/x-www-form-urlencoded', Origin: `http://localhost:${process.env.PORT ?? 3100}` },
    body: new URLSearchParams({ intent: 'email', email: 'owner@demo.test' }).toString(),
  })
  expect(form.status).toBe(429)
  expect(form.body).toContain(TOO_MANY_ATTEMPTS)
  // The public origin is ours whatever Host a post came by: never a 500 (Remix's own Origin check answered one).
  const other = freshLoopbackAddress()
  const byPublicOrigin = await rawRequest({
    method: 'POST',
    path: '/login',
    localAddress: other,
    headers: { Host: `127.0.0.1:${process.env.PORT ?? 3100}`, 'Content-Type': 'application/x-www-form-urlencoded', Origin: `http://localhost:${process.env.PORT ?? 3100}` },
    body: new URLSearchParams({ intent: 'email', email: 'owner@demo.test' }).toString(),
  })
  expect(byPublicOrigin.status).toBe(200)

  // A person signing in again and again finds their organisation each time, past the miss budget.
  const member = freshLoopbackAddress()
  for (let i = 0; i < budget + 3; i++) expect((await lookup(member, 'owner@demo.test')).status).toBe(200)
  expect((await lookup(freshLoopbackAddress(), uniqueEmail('other'))).status).toBe(404)
  await limits.orgLookupMissesPerIp().delete(guesser)
})
