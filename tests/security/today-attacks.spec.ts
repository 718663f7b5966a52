// Outsider attacks on the routes of 2026-11-26 (chat, notifications, website settings, tenant hosts,
// branding), through the real server. Each test asserts the attack fails and nothing changed; what
// the other security and API specs already cover is not repeated here.
import { expect, test } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { chatWorld } from '#tests/api/chat-helpers'
import { createTenant, createUser, TEST_PASSWORD } from '#tests/factories/index'
import { BASE_URL, sessionCookieFrom, signIn, tenantWithSubdomain } from './helpers'
import { PORT, rawRequest, websocketUpgrade } from './raw-http'

const suffix = () => Math.random().toString(36).slice(2, 8)
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082', 'hex')
const JSON_WRITE = { Origin: BASE_URL, 'Content-Type': 'application/json' }
/** The Host our own pages post with (Remix compares a page action's Origin with it). */
const HOST = `localhost:${PORT}`

/** Signs in with a fresh cookie jar each time (signing in again on one context would end the earlier session). */
async function signInAlone(playwright: { request: { newContext: (o: { baseURL: string }) => Promise<any> } }, email: string, orgName?: string) {
  const context = await playwright.request.newContext({ baseURL: BASE_URL })
  try {
    return await signIn(context, email, orgName, TEST_PASSWORD)
  } finally {
    await context.dispose()
  }
}

async function publicIdOf(clientId: number) {
  return (await platformDb.selectFrom('organisations').select('public_id').where('id', '=', clientId).executeTakeFirstOrThrow()).public_id
}

/** A fresh organisation with a subdomain, its owner's cookie (signed in on the platform host) and its host. */
async function tenantOnHost(playwright: Parameters<typeof signInAlone>[0]) {
  const tenant = await tenantWithSubdomain('atk')
  const cookie = await signInAlone(playwright, tenant.owner.email, tenant.org.name)
  return { ...tenant, cookie }
}

/** Uploads a PNG and makes it the organisation's logo; its storage key. */
async function setLogo(cookie: string): Promise<string> {
  const body = new FormData()
  body.set('purpose', 'logo')
  body.set('image', new File([new Uint8Array(PNG)], 'logo.png', { type: 'image/png' }))
  const upload = await fetch(`${BASE_URL}/api/file/upload`, { method: 'POST', headers: { Cookie: cookie, Origin: BASE_URL }, body })
  expect(upload.status).toBe(200)
  const key = ((await upload.json()) as { file: { key: string } }).file.key
  const saved = await rawRequest({
    method: 'POST',
    path: '/api/website-customization',
    headers: { Cookie: cookie, ...JSON_WRITE },
    body: JSON.stringify({ companyName: 'Brand Co', companyPhone: '+1 555 0100', companyAddress: '1 Main Street', companyEmail: 'hi@brand.example', logo: key }),
  })
  expect(saved.status, saved.body).toBe(200)
  return key
}

test.describe('a log-in-as session', () => {
  test('“Login As Client” cannot switch the organisation’s two-factor or invoice visibility; the owner still can', async ({ playwright }) => {
    const { org, owner } = await createTenant()
    const admin = await createUser({ superadmin: true })
    const adminCookie = await signInAlone(playwright, admin.email)
    const init = await rawRequest({
      method: 'POST',
      path: '/api/auto-login/init',
      headers: { Cookie: adminCookie, ...JSON_WRITE },
      body: JSON.stringify({ _id: await publicIdOf(org.id), type: 'client' }),
    })
    expect(init.status, init.body).toBe(200)
    const opened = await rawRequest({
      method: 'POST',
      path: new URL(JSON.parse(init.body).link).pathname,
      headers: { Host: HOST, Cookie: adminCookie, Origin: BASE_URL, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
    })
    expect(opened.status).toBe(302)
    const borrowed = sessionCookieFrom([opened.headers['set-cookie'] ?? []].flat())!
    const settings = async (cookie: string) => JSON.parse((await rawRequest({ path: '/api/client/website/settings', headers: { Cookie: cookie } })).body).settings
    const before = await settings(borrowed)

    for (const change of [{ enable_2FA: !before.enable_2FA }, { hide_invoices: !before.hide_invoices }]) {
      const res = await rawRequest({
        method: 'POST',
        path: '/api/client/website/settings',
        headers: { Cookie: borrowed, ...JSON_WRITE },
        body: JSON.stringify({ settings: change }),
      })
      expect(res.status, res.body).toBe(403)
      expect(JSON.parse(res.body).error).toBe('Only the account owner can change two-factor authentication and invoice visibility.')
    }
    // The features page's form takes the same rule.
    const page = await rawRequest({
      method: 'POST',
      path: '/website-settings/features',
      headers: { Host: HOST, Cookie: borrowed, Origin: BASE_URL, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'features', enable_2FA: before.enable_2FA ? 'false' : 'true' }).toString(),
    })
    expect(page.status).toBe(403)
    expect(await settings(borrowed)).toEqual(before)
    // Sending the current values (what the page does on any save) and other switches still work.
    const other = await rawRequest({
      method: 'POST',
      path: '/api/client/website/settings',
      headers: { Cookie: borrowed, ...JSON_WRITE },
      body: JSON.stringify({ settings: { enable_2FA: before.enable_2FA, disable_writer_customer_chat: !before.disable_writer_customer_chat } }),
    })
    expect(other.status, other.body).toBe(200)

    const ownerCookie = await signInAlone(playwright, owner.email, org.name)
    const own = await rawRequest({
      method: 'POST',
      path: '/api/client/website/settings',
      headers: { Cookie: ownerCookie, ...JSON_WRITE },
      body: JSON.stringify({ settings: { hide_invoices: !before.hide_invoices } }),
    })
    expect(own.status, own.body).toBe(200)
  })
})

test.describe('the host passed on inside the server', () => {
  test('a client sending x-draftdesk-host-client itself is never believed (HTTP and websocket)', async ({ playwright }) => {
    const a = await tenantOnHost(playwright)
    const b = await tenantOnHost(playwright)
    const forged = { 'x-draftdesk-host-client': String(a.org.id) }
    // On an unknown host it does not make the host A's.
    expect((await rawRequest({ path: '/login', headers: { Host: 'evil.example', ...forged } })).status).toBe(404)
    expect(await websocketUpgrade({ Host: 'evil.example', Origin: 'http://evil.example', Cookie: a.cookie, ...forged })).toBe(404)
    // On the platform host it neither brands the page as A's nor turns B's session away as foreign to A.
    const login = await rawRequest({ path: '/login', headers: forged })
    expect(login.body).not.toContain(a.org.name)
    const user = await rawRequest({ path: '/api/auth/user', headers: { Cookie: b.cookie, ...forged } })
    expect(user.status).toBe(200)
    expect(JSON.parse(user.body).user.email).toBe(b.owner.email)
    // Nor does it make A's host an origin of ours on the platform host.
    const write = await rawRequest({
      method: 'POST',
      path: '/api/client/subdomain',
      headers: { Cookie: a.cookie, Origin: `http://${a.host}`, 'Content-Type': 'application/json', ...forged },
      body: JSON.stringify({ subDomain: `x${suffix()}` }),
    })
    expect(write.status).toBe(403)
  })

  test('a forged X-Forwarded-Host on a page’s form post is ignored, never a 500 (it used to make Remix abort every page action)', async ({ playwright }) => {
    const { org, owner } = await createTenant()
    const cookie = await signInAlone(playwright, owner.email, org.name)
    const form = { Host: HOST, Origin: BASE_URL, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-Host': 'evil.example' }
    const signedOut = await rawRequest({ method: 'POST', path: '/login', headers: form, body: 'email=nobody%40example.com&password=x' })
    expect(signedOut.status).toBeLessThan(500)
    const marked = await rawRequest({ method: 'POST', path: '/notifications', headers: { ...form, Cookie: cookie }, body: 'intent=mark-all-seen' })
    expect(marked.status).toBe(302)
    expect(marked.headers.location ?? '').not.toContain('evil.example')
    const features = await rawRequest({
      method: 'POST',
      path: '/website-settings/features',
      headers: { ...form, Cookie: cookie },
      body: 'intent=features&disable_writer_customer_chat=true',
    })
    expect(features.status).toBe(302)
    // A foreign Origin is still refused, whatever X-Forwarded-Host claims.
    const foreign = await rawRequest({ method: 'POST', path: '/notifications', headers: { ...form, Cookie: cookie, Origin: 'https://evil.example' }, body: 'intent=mark-all-seen' })
    expect(foreign.status).toBe(403)
  })

  test('a websocket on a tenant’s host from another tenant’s page, or on the platform from a tenant’s page, is refused', async ({ playwright }) => {
    const a = await tenantOnHost(playwright)
    const b = await tenantOnHost(playwright)
    expect(await websocketUpgrade({ Host: a.host, Origin: `http://${b.host}`, Cookie: a.cookie })).toBe(403)
    expect(await websocketUpgrade({ Host: `localhost:${PORT}`, Origin: `http://${a.host}`, Cookie: a.cookie })).toBe(403)
    expect(await websocketUpgrade({ Host: a.host, Origin: `http://${a.host.replace(String(PORT), '1')}`, Cookie: a.cookie })).toBe(403)
    expect(await websocketUpgrade({ Host: a.host, Origin: `http://${a.host}`, Cookie: a.cookie })).toBe('open')
  })
})

test.describe('/branding/:key', () => {
  test('serves an organisation’s image on its own host only: another tenant’s key, a forged X-Forwarded-Host and path tricks are 404', async ({ playwright }) => {
    const a = await tenantOnHost(playwright)
    const b = await tenantOnHost(playwright)
    const [logoA, logoB] = [await setLogo(a.cookie), await setLogo(b.cookie)]
    const get = (path: string, headers: Record<string, string>) => rawRequest({ path, headers })

    const own = await get(`/branding/${logoA}`, { Host: a.host })
    expect(own.status).toBe(200)
    expect(own.headers['content-type']).toBe('image/png')
    expect(own.headers['x-content-type-options']).toContain('nosniff')
    expect((await get(`/branding/${logoB}`, { Host: a.host })).status).toBe(404)
    expect((await get(`/branding/${logoB}`, { Host: a.host, 'X-Forwarded-Host': b.host })).status).toBe(404)
    expect((await get(`/branding/${logoB}`, { Host: a.host, Cookie: b.cookie })).status).toBe(404)
    // On the platform host: only the signed-in member's own organisation, nobody's when signed out.
    expect((await get(`/branding/${logoB}`, { Cookie: a.cookie })).status).toBe(404)
    expect((await get(`/branding/${logoA}`, {})).status).toBe(404)
    expect((await get(`/branding/${logoA}`, { Host: 'evil.example' })).status).toBe(404)

    const [dir, name] = [logoB.split('/').slice(0, -1).join('/'), logoB.split('/').pop()!]
    for (const trick of [
      encodeURIComponent(`${logoA}/../../${logoB}`),
      `${encodeURIComponent(logoA)}%2F..%2F..%2F${encodeURIComponent(logoB)}`,
      encodeURIComponent(encodeURIComponent(`../${dir}/${name}`)),
      '..%2F..%2Fpackage.json',
      '%2e%2e%2f%2e%2e%2f.env',
      `${encodeURIComponent(logoA)}%00.png`,
      'a'.repeat(5000),
    ]) {
      const res = await get(`/branding/${trick}`, { Host: a.host })
      expect(res.status, trick.slice(0, 80)).toBe(404)
      expect(res.body).not.toContain('PNG')
    }
    expect((await rawRequest({ method: 'POST', path: `/branding/${logoA}`, headers: { Host: a.host, Origin: `http://${a.host}` } })).status).toBeGreaterThanOrEqual(400)
  })
})

test.describe('chat and notifications', () => {
  test('markup in a team chat message reaches the others as text: the project page and the notification carry no tags', async () => {
    const world = await chatWorld('Xss')
    const ownerCookie = await world.cookie(world.owner)
    const writerCookie = await world.cookie(world.writer)
    const staffCookie = await world.cookie(world.staff)
    const payload = `<img src=x onerror=alert(1)><script>alert(2)</script>"><svg onload=alert(3)> ${suffix()}`
    const body = new FormData()
    body.set('content', payload)
    body.set('format', 'text')
    const post = await fetch(`${BASE_URL}/project/view/${world.order.public_id}?chat=post`, {
      method: 'POST',
      headers: { Cookie: ownerCookie, Origin: BASE_URL },
      body,
      redirect: 'manual',
    })
    expect(post.status).toBe(302)
    const page = await rawRequest({ path: `/project/view/${world.order.public_id}`, headers: { Cookie: staffCookie } })
    expect(page.status).toBe(200)
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;')
    for (const raw of ['<img src=x', '<script>alert(2)', '<svg onload']) expect(page.body).not.toContain(raw)
    const notes = JSON.parse((await rawRequest({ path: '/api/notifications', headers: { Cookie: writerCookie } })).body)
    const note = notes.notifications.find((n: { kind: string }) => n.kind === 'chat_message')
    expect(note).toBeTruthy()
    expect(note.contant).not.toMatch(/[<>]\w/)
  })

  test('the project chat post refuses a body that is not a form, a broken form and a huge message (4xx), and stores nothing', async () => {
    const world = await chatWorld('Body')
    const cookie = await world.cookie(world.owner)
    const path = `/project/view/${world.order.public_id}?chat=post`
    const count = async () =>
      Number(
        (
          await platformDb
            .selectFrom('chat_messages')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('order_id', '=', world.order.id)
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await count()
    const attempts = [
      { headers: { 'Content-Type': 'application/json' }, body: '{"content":"hi"}' },
      { headers: { 'Content-Type': 'multipart/form-data; boundary=zzz' }, body: '--zzz\r\nContent-Disposition: form-data; name="content"\r\n\r\nunterminated' },
      {
        headers: { 'Content-Type': 'multipart/form-data; boundary=zzz' },
        body: `--zzz\r\nContent-Disposition: form-data; name="content"\r\n\r\n${'x'.repeat(200_000)}\r\n--zzz--\r\n`,
      },
    ]
    for (const attempt of attempts) {
      const res = await rawRequest({ method: 'POST', path, headers: { Host: HOST, Cookie: cookie, Origin: BASE_URL, ...attempt.headers }, body: attempt.body })
      expect(res.status, attempt.body.slice(0, 60)).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
    }
    // Without an Origin (a forged cross-site form) the post is refused before it is read.
    const form = new FormData()
    form.set('content', 'forged')
    const forged = await fetch(`${BASE_URL}${path}`, { method: 'POST', headers: { Cookie: cookie, Origin: 'https://evil.example' }, body: form, redirect: 'manual' })
    expect(forged.status).toBe(403)
    expect(await count()).toBe(before)
  })
})
