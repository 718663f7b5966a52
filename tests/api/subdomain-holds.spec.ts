// A released subdomain is held for 30 days (issue 28, ADR 0081): links already e-mailed on the old name must
// never open another tenant's portal. Through the real HTTP server: a rename, the checkout and the availability
// check refuse a held name to everyone but the organisation that released it. The parallel attempts are in
// tests/integration/subdomain-holds.test.ts.
import { expect, test } from '@playwright/test'
import { SUBDOMAIN_HOLD_MS } from '#app/models/subdomains.server'
import { SUBDOMAIN_TAKEN } from '#app/rules/subdomain'
import { platformDb } from '#app/services/db.server'
import { seedId } from '#db/seed/ids'
import { browsers, ORIGIN_HEADERS, ownerSession } from './helpers'
import { checkoutBody } from '#tests/factories/checkout'

const open = browsers()
const suffix = () => Math.random().toString(36).slice(2, 8)

test('a renamed subdomain is held for its organisation for 30 days: no rename, checkout or check gives it to another', async ({ playwright }) => {
  const [a, b] = await Promise.all([ownerSession(open, playwright), ownerSession(open, playwright)])
  const rename = (owner: typeof a, subDomain: string) => owner.request.post('/api/client/subdomain', { headers: ORIGIN_HEADERS, data: { subDomain } })
  const holders = (name: string) => platformDb.selectFrom('organisations').select('id').where('subdomain', '=', name).execute()
  const old = `held${suffix()}`
  expect((await rename(a, old)).status()).toBe(200)
  expect((await rename(a, `moved${suffix()}`)).status()).toBe(200)

  const anonymous = await open(playwright)
  const [taken, availability, checkout] = await Promise.all([
    rename(b, old),
    anonymous.get(`/api/subdomains/validate?subdomain=${old}`),
    anonymous.post('/api/checkout', { headers: ORIGIN_HEADERS, data: checkoutBody(seedId('client-package:team'), { subDomain: old }) }),
  ])
  expect(taken.status()).toBe(400)
  expect(await taken.json()).toMatchObject({ status: false, error: SUBDOMAIN_TAKEN })
  expect(await availability.json()).toMatchObject({ status: false, error: SUBDOMAIN_TAKEN })
  expect(checkout.status()).toBe(400)
  expect(await checkout.json()).toMatchObject({ errors: { subDomain: SUBDOMAIN_TAKEN } })
  expect(await holders(old)).toEqual([])

  // The organisation that released it takes it back; released again, the hold ends after its 30 days.
  expect((await rename(a, old)).status()).toBe(200)
  expect((await rename(a, `again${suffix()}`)).status()).toBe(200)
  const hold = await platformDb.selectFrom('subdomain_holds').select(['released_by', 'held_until']).where('subdomain', '=', old).executeTakeFirstOrThrow()
  expect(Number(hold.released_by)).toBe(a.org.id)
  expect(Math.abs(hold.held_until.getTime() - Date.now() - SUBDOMAIN_HOLD_MS)).toBeLessThan(60_000)
  await platformDb
    .updateTable('subdomain_holds')
    .set({ held_until: new Date(Date.now() - 1000) })
    .where('subdomain', '=', old)
    .execute()
  expect((await rename(b, old)).status()).toBe(200)
  expect(await holders(old)).toEqual([{ id: b.org.id }])
})
