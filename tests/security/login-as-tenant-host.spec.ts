// "Login As Contributor" and "Login As User" from an admin signed in on the organisation's own host (issue 27,
// ADR 0075): the link is on that host (the organisation's configured subdomain, never a request header), it
// opens there in the same browser, and a forged Host or X-Forwarded-Host changes neither the link nor where it works.
import { expect, test } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { createUser, TEST_PASSWORD } from '#tests/factories/index'
import { sessionCookieFrom, tenantWithSubdomain } from './helpers'
import { PORT, rawRequest } from './raw-http'

/** A fresh organisation with a subdomain, its owner signed in on that host, a contributor and a customer. */
async function ownerOnHost() {
  const world = await tenantWithSubdomain('loginas')
  const choice = await platformDb.selectFrom('organisations').select('public_id').where('id', '=', world.org.id).executeTakeFirstOrThrow()
  const res = await rawRequest({
    method: 'POST',
    path: '/api/auth/login',
    headers: { Host: world.host, Origin: `http://${world.host}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: world.owner.email, password: TEST_PASSWORD, clientId: choice.public_id }),
  })
  expect(res.status, res.body).toBe(200)
  const cookie = sessionCookieFrom([res.headers['set-cookie'] ?? []].flat())!
  const writer = await createUser({ firstName: 'Wren', lastName: 'Writer', memberships: [{ clientId: world.org.id, role: 'user', permissions: ['WRITER'] }] })
  const customer = await createUser({ firstName: 'Cleo', lastName: 'Customer', memberships: [{ clientId: world.org.id, role: 'customer' }] })
  return { ...world, cookie, writer, customer }
}

type World = Awaited<ReturnType<typeof ownerOnHost>>

const onHost = (host: string, cookie: string, extra: Record<string, string> = {}) => ({ Host: host, Origin: `http://${host}`, Cookie: cookie, ...extra })
const publicIdIn = (w: World, user: World['writer']) => user.accounts.get(w.org.id)!.publicId

function askLink(w: World, body: Record<string, string>, extra: Record<string, string> = {}) {
  return rawRequest({
    method: 'POST',
    path: '/api/client/autologin/init',
    headers: { ...onHost(w.host, w.cookie, extra), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
}

test('Login As Contributor on the organisation’s host: the link is on that host and signs the contributor in there', async () => {
  const w = await ownerOnHost()
  const made = await askLink(w, { _id: publicIdIn(w, w.writer), type: 'writer' })
  expect(made.status, made.body).toBe(200)
  const link = new URL(JSON.parse(made.body).link)
  expect(link.origin).toBe(`http://${w.host}`)
  const code = link.pathname.split('/auto-login/')[1]!
  const opened = await rawRequest({ method: 'POST', path: `/api/auth/auto-login/${code}`, headers: onHost(w.host, w.cookie) })
  expect(opened.status, opened.body).toBe(200)
  expect(opened.body).toContain(w.writer.email)

  // The page's own form without JavaScript (Users list, 'Login As Contributor'): a redirect to a link on the same host.
  const page = await rawRequest({
    method: 'POST',
    path: '/client/users/view',
    headers: { ...onHost(w.host, w.cookie), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'login-as', id: publicIdIn(w, w.writer) }).toString(),
  })
  expect(page.status, page.body.slice(0, 300)).toBe(302)
  expect(new URL(page.headers.location!).origin).toBe(`http://${w.host}`)
})

test('Login As User (a customer) on the organisation’s host: link, hand-off and portal session all on that host', async () => {
  const w = await ownerOnHost()
  const made = await rawRequest({
    method: 'POST',
    path: '/customers/view',
    headers: { ...onHost(w.host, w.cookie), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'login-as', id: publicIdIn(w, w.customer) }).toString(),
  })
  expect(made.status, made.body.slice(0, 300)).toBe(302)
  const link = new URL(made.headers.location!)
  expect(link.origin).toBe(`http://${w.host}`)
  const spent = await rawRequest({ method: 'POST', path: link.pathname, headers: { ...onHost(w.host, w.cookie), 'Content-Type': 'application/x-www-form-urlencoded' }, body: '' })
  expect(spent.status, spent.body.slice(0, 300)).toBe(200)
  const handoff = /http:\/\/[^"'\s]+\/login\/handoff\/[A-Za-z0-9_-]+/.exec(spent.body)?.[0]
  expect(handoff, 'the hand-off link').toBeTruthy()
  expect(new URL(handoff!).origin).toBe(`http://${w.host}`)
  const opened = await rawRequest({
    method: 'POST',
    path: new URL(handoff!).pathname,
    headers: { ...onHost(w.host, w.cookie), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: '',
  })
  expect(opened.status, opened.body.slice(0, 300)).toBe(302)
  expect(opened.headers.location).toBe('/account')
})

test('a forged X-Forwarded-Host does not change the link, and a forged Host is not the organisation’s session', async () => {
  const w = await ownerOnHost()
  const forged = { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https', Forwarded: 'host=evil.example;proto=https' }
  const made = await askLink(w, { _id: publicIdIn(w, w.writer), type: 'writer' }, forged)
  expect(made.status, made.body).toBe(200)
  const link = JSON.parse(made.body).link as string
  expect(new URL(link).origin).toBe(`http://${w.host}`)
  expect(link).not.toContain('evil')
  // Another organisation's host with this session: not signed in there, no link.
  const other = await tenantWithSubdomain('other')
  const elsewhere = await rawRequest({
    method: 'POST',
    path: '/api/client/autologin/init',
    headers: { ...onHost(other.host, w.cookie), 'X-Forwarded-Host': w.host, 'Content-Type': 'application/json' },
    body: JSON.stringify({ _id: publicIdIn(w, w.writer), type: 'writer' }),
  })
  expect(elsewhere.status, elsewhere.body).toBe(401)
  // An unknown Host is refused before any route runs (its origin is foreign: 403; else a plain 404).
  const unknown = await rawRequest({
    method: 'POST',
    path: '/api/client/autologin/init',
    headers: { ...onHost(`evil.example:${PORT}`, w.cookie), 'Content-Type': 'application/json' },
    body: JSON.stringify({ _id: publicIdIn(w, w.writer), type: 'writer' }),
  })
  expect([403, 404]).toContain(unknown.status)
  expect(unknown.body).not.toContain('auto-login')
})
