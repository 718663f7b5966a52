// The contributor's own through the real HTTP server (issue 26, ADR 0068): earnings reach only the signed-in
// contributor's orders (never another contributor's or organisation's, whatever the query says); recording a
// payment needs UPDATE_ORDERS and is never one's own; the profile call changes only the contributor's own
// fields of their own profile; malformed bodies are clear 400s, never 500s.
import { expect, test } from '@playwright/test'
import { OWN_PAYMENT } from '#app/models/work-earnings.server'
import { platformDb } from '#app/services/db.server'
import { createUser } from '#tests/factories/index'
import { createContributor, createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import { signInOnHost, tenantWithSubdomain } from './helpers'
import { rawRequest } from './raw-http'

async function world(prefix: string) {
  const tenant = await tenantWithSubdomain(prefix)
  const clientId = tenant.org.id
  const product = await createProductWithWorkflow(clientId)
  const customer = await createCustomer(clientId)
  const writer = await createContributor(clientId)
  const other = await createContributor(clientId, { firstName: 'Otto', lastName: 'Other' })
  const selfPaying = await createContributor(clientId, { firstName: 'Sally', extraPermissions: ['READ_ORDERS', 'UPDATE_ORDERS'] })
  const reader = await createUser({ firstName: 'Rita', lastName: 'Reader', memberships: [{ clientId, role: 'user', permissions: ['READ_ORDERS'] }] })
  const place = (writerUserId: number, cents: number) =>
    createOrder(clientId, { customerUserId: customer.userId, productId: product.productId }, { writerUserId, amount_paid_to_writer_cents: cents, marked_as_complete: true })
  const org = await platformDb.selectFrom('organisations').select('public_id').where('id', '=', clientId).executeTakeFirstOrThrow()
  return {
    ...tenant,
    orgPublicId: org.public_id,
    writer,
    other,
    selfPaying,
    reader,
    mine: await place(writer.userId, 5000),
    theirs: await place(other.userId, 8000),
    ownOfSelfPaying: await place(selfPaying.userId, 1000),
  }
}
type World = Awaited<ReturnType<typeof world>>

const headers = (w: { host: string }, cookie?: string, type = 'application/json') => ({
  Host: w.host,
  Origin: `http://${w.host}`,
  ...(cookie ? { Cookie: cookie } : {}),
  'Content-Type': type,
})
const get = (w: { host: string }, path: string, cookie?: string) => rawRequest({ path, headers: headers(w, cookie) })
const send = (w: { host: string }, method: string, path: string, cookie: string | undefined, body: unknown, type?: string) =>
  rawRequest({ method, path, headers: headers(w, cookie, type), body: typeof body === 'string' ? body : JSON.stringify(body) })

const session = (w: World, email: string) => signInOnHost(w.host, email, w.orgPublicId)

test.describe('earnings', () => {
  test("another contributor's or organisation's earnings are unreachable, whatever the query names", async () => {
    const a = await world('earna')
    const b = await world('earnb')
    const cookie = await session(a, a.writer.email)
    for (const path of ['/api/writer/earnings', `/api/writer/earnings?writerId=${a.other.publicId}&userId=${a.other.userId}`]) {
      const res = await get(a, path, cookie)
      expect(res.status, res.body).toBe(200)
      const body = JSON.parse(res.body)
      expect(body.earnings.orders.map((o: { _id: string }) => o._id)).toEqual([a.mine.public_id])
      expect(body.earnings.totals).toEqual([expect.objectContaining({ total: 50, owed: 50, paid: 0 })])
      expect(res.body).not.toContain(a.theirs.public_id)
      expect(res.body).not.toContain(b.mine.public_id)
      expect(res.body).not.toMatch(/price/i)
    }
    const page = await get(a, '/work/earnings', cookie)
    expect(page.status).toBe(200)
    expect(page.body).toContain(a.mine.public_id)
    expect(page.body).not.toContain(a.theirs.public_id)
    // The session of organisation A is nobody on organisation B's host.
    const foreign = await get(b, '/api/writer/earnings', cookie)
    expect(foreign.status).toBe(401)
    expect(foreign.body).not.toContain(b.mine.public_id)
    // Signed out, and staff who are not contributors, get no earnings.
    expect((await get(a, '/api/writer/earnings')).status).toBe(401)
    expect((await get(a, '/api/writer/earnings', await session(a, a.reader.email))).status).toBe(403)
  })
})

test.describe('recording a payment', () => {
  test('needs UPDATE_ORDERS, is never one’s own, and refuses malformed bodies', async () => {
    const w = await world('paid')
    const path = (id: string) => `/api/client/orders/writerPaid/${id}`
    const reader = await session(w, w.reader.email)
    expect((await send(w, 'PATCH', path(w.mine.public_id), reader, { paid: true })).status).toBe(403)
    const writer = await session(w, w.writer.email)
    expect((await send(w, 'PATCH', path(w.mine.public_id), writer, { paid: true })).status).toBe(403)
    const selfPaying = await session(w, w.selfPaying.email)
    const own = await send(w, 'PATCH', path(w.ownOfSelfPaying.public_id), selfPaying, { paid: true })
    expect(own.status).toBe(403)
    expect(JSON.parse(own.body).error).toBe(OWN_PAYMENT)
    const paidAt = await platformDb.selectFrom('orders').select('writer_paid_at').where('id', 'in', [w.mine.id, w.ownOfSelfPaying.id]).execute()
    expect(paidAt.every((r) => r.writer_paid_at === null)).toBe(true)

    const owner = await session(w, w.owner.email)
    for (const body of [{}, { paid: 'maybe' }, { paid: 1 }, '{not json', '[]']) {
      const res = await send(w, 'PATCH', path(w.mine.public_id), owner, body)
      expect(res.status, `${JSON.stringify(body)}: ${res.body}`).toBe(400)
    }
    expect((await send(w, 'PATCH', path('nosuchorder'), owner, { paid: true })).status).toBe(404)
    expect((await send(w, 'POST', path(w.mine.public_id), owner, { paid: true })).status).toBe(405)
    const ok = await send(w, 'PATCH', path(w.mine.public_id), owner, { paid: true })
    expect(ok.status, ok.body).toBe(200)
    expect(JSON.parse(ok.body).order).toMatchObject({ _id: w.mine.public_id, writerPaid: true, writerPaidAt: expect.any(String) })
    const mine = JSON.parse((await get(w, '/api/writer/earnings', writer)).body)
    expect(mine.earnings.orders[0]).toMatchObject({ status: 'paid' })
  })
})

test.describe('own profile', () => {
  test('changes only the contributor’s own fields of their own profile; staff fields, ids and bad values are 400s', async () => {
    const w = await world('prof')
    const cookie = await session(w, w.writer.email)
    const profileOf = async (userId: number) =>
      platformDb.selectFrom('writer_profiles').select(['levels', 'services', 'languages', 'scheduling_link']).where('user_id', '=', userId).executeTakeFirstOrThrow()
    for (const body of [
      { levels: ['Principal'] },
      { services: ['Everything'] },
      { _id: w.other.publicId, languages: ['French'] },
      { userId: w.other.userId, languages: ['French'] },
      { availableDays: ['Funday'] },
      { schedulingLink: 'javascript:alert(1)' },
      { languages: 'x'.repeat(200) },
      '{broken',
    ]) {
      const res = await send(w, 'PATCH', '/api/writer/profile', cookie, body)
      expect(res.status, `${JSON.stringify(body)}: ${res.body}`).toBe(400)
    }
    const ok = await send(w, 'PATCH', '/api/writer/profile', cookie, { languages: ['French', 'English'], schedulingLink: '' })
    expect(ok.status, ok.body).toBe(200)
    expect(JSON.parse(ok.body).profile).toMatchObject({ levels: ['Senior'], services: ['Resume'], languages: ['French', 'English'], schedulingLink: null })
    expect(await profileOf(w.other.userId)).toMatchObject({ languages: ['English'], scheduling_link: 'https://cal.example/wren' })

    // The page's form drops anything but the contributor's fields.
    const form = new URLSearchParams({ intent: 'profile', levels: 'Principal', services: 'Everything', languages: 'Spanish', schedulingLink: 'https://cal.example/me' })
    const posted = await send(w, 'POST', '/work/profile', cookie, form.toString(), 'application/x-www-form-urlencoded')
    expect(posted.status, posted.body.slice(0, 300)).toBe(302)
    expect(await profileOf(w.writer.userId)).toMatchObject({ levels: ['Senior'], services: ['Resume'], languages: ['Spanish'], scheduling_link: 'https://cal.example/me' })
    // A bad link on the form is a field error on the page, with what was typed kept.
    const bad = await send(
      w,
      'POST',
      '/work/profile',
      cookie,
      new URLSearchParams({ intent: 'profile', languages: 'Kept text', schedulingLink: 'not a link' }).toString(),
      'application/x-www-form-urlencoded',
    )
    expect(bad.status).toBe(422)
    expect(bad.body).toContain('Please, enter a valid link')
    expect(bad.body).toContain('Kept text')
    // Staff who are not contributors have no contributor profile page.
    expect((await get(w, '/work/profile', await session(w, w.reader.email))).status).toBe(403)
  })
})
