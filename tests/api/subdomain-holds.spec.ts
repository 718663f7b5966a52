// A released subdomain is held for 30 days (issue 28, ADR 0081): links already e-mailed on the old name must
// never open another tenant's portal. Through the real HTTP server: renames, the checkout and the availability
// check refuse a held name to everyone but the organisation that released it, also under parallel attempts.
import { expect, test } from '@playwright/test'
import { SUBDOMAIN_HOLD_MS } from '#app/models/subdomains.server'
import { SUBDOMAIN_TAKEN } from '#app/rules/subdomain'
import { platformDb } from '#app/services/db.server'
import { seedId } from '#db/seed/ids'
import { browsers, checkoutPayload, ORIGIN_HEADERS, ownerSession } from './helpers'

const open = browsers()
const suffix = () => Math.random().toString(36).slice(2, 8)

test('a renamed subdomain is held for its organisation for 30 days: ten parallel attempts, only it takes the name back', async ({ playwright }) => {
  const owners = await Promise.all(Array.from({ length: 10 }, () => ownerSession(open, playwright)))
  const [a, ...others] = owners
  const rename = (owner: (typeof owners)[number], subDomain: string) => owner.request.post('/api/client/subdomain', { headers: ORIGIN_HEADERS, data: { subDomain } })
  const holders = (name: string) => platformDb.selectFrom('organisations').select('id').where('subdomain', '=', name).execute()
  const old = `held${suffix()}`
  expect((await rename(a, old)).status()).toBe(200)

  // A renames away while nine other organisations try to take the name it releases, all at once.
  const away = `moved${suffix()}`
  const race = await Promise.all([rename(a, away), ...others.map((o) => rename(o, old))])
  expect(race[0]!.status()).toBe(200)
  for (const res of race.slice(1)) {
    expect(res.status()).toBe(400)
    expect(await res.json()).toMatchObject({ status: false, error: SUBDOMAIN_TAKEN })
  }
  expect(await holders(old)).toEqual([])

  // Nor can a new organisation buy it, nor is it offered as free.
  const availability = await (await open(playwright)).get(`/api/subdomains/validate?subdomain=${old}`)
  expect(await availability.json()).toMatchObject({ status: false, error: SUBDOMAIN_TAKEN })
  const checkout = await (await open(playwright)).post('/api/checkout', { headers: ORIGIN_HEADERS, data: checkoutPayload(seedId('client-package:team'), { subDomain: old }) })
  expect(checkout.status()).toBe(400)
  expect(await checkout.json()).toMatchObject({ errors: { subDomain: SUBDOMAIN_TAKEN } })
  expect(await holders(old)).toEqual([])

  // Ten parallel takes of the held name: exactly the organisation that released it wins.
  const back = await Promise.all(owners.map((o) => rename(o, old)))
  expect(back.map((r) => r.status())).toEqual([200, 400, 400, 400, 400, 400, 400, 400, 400, 400])
  expect(await holders(old)).toEqual([{ id: a.org.id }])

  // Released again, the hold ends after its 30 days and the name is free for anyone.
  expect((await rename(a, `again${suffix()}`)).status()).toBe(200)
  const hold = await platformDb.selectFrom('subdomain_holds').select(['released_by', 'held_until']).where('subdomain', '=', old).executeTakeFirstOrThrow()
  expect(Number(hold.released_by)).toBe(a.org.id)
  expect(Math.abs(hold.held_until.getTime() - Date.now() - SUBDOMAIN_HOLD_MS)).toBeLessThan(60_000)
  await platformDb
    .updateTable('subdomain_holds')
    .set({ held_until: new Date(Date.now() - 1000) })
    .where('subdomain', '=', old)
    .execute()
  expect((await rename(others[0]!, old)).status()).toBe(200)
  expect(await holders(old)).toEqual([{ id: others[0]!.org.id }])
})
