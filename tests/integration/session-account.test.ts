// The session row and the member account it names come back in one round trip (ADR 0114): the auth guards
// use that account only when it is the one the session's data asks for, and it obeys the same rules as the
// account read on its own (deactivation, archiving, another realm end access at once).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getAuth } from '#app/models/auth-guards.server'
import { platformDb } from '#app/services/db.server'
import { REQUEST_ID_HEADER } from '#app/services/request-memo.server'
import { sha256 } from '#app/services/crypto.server'
import { createOrganisation, createUser } from '#tests/factories/index'
import { sessionCookie } from '#tests/factories/session'

/** A GET as the server hands it to Remix: its own request id, so the loaders of one page share one read. */
function requestWith(cookie: string) {
  return new Request('http://localhost/dashboard', { headers: { cookie, [REQUEST_ID_HEADER]: crypto.randomUUID() } })
}

/** The SQL of each query the platform handle runs through its executor (the compiled-once queries go that way). */
function watchQueries() {
  const seen: string[] = []
  const executeQuery = platformDb.executeQuery.bind(platformDb)
  vi.spyOn(platformDb, 'executeQuery').mockImplementation((query, ...rest) => {
    seen.push('sql' in query ? query.sql : query.compile().sql)
    return executeQuery(query, ...rest)
  })
  return seen
}

async function member(opts: { role?: 'client' | 'user' | 'customer' } = {}) {
  const org = await createOrganisation()
  const user = await createUser({ memberships: [{ clientId: org.id, role: opts.role ?? 'user', permissions: ['READ_ORDERS'] }] })
  const cookie = await sessionCookie({ userId: user.id, clientId: org.id })
  return { org, user, cookie }
}

const tokenHashOf = (cookie: string) => {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1))
  // The signed cookie holds the token JSON-encoded in base64, then a dot and the signature.
  return sha256(JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf('.')), 'base64').toString('utf8')) as string)
}

afterEach(() => vi.restoreAllMocks())

describe('the session read with its account', () => {
  it('signs a member in with one query: the session row brings the account', async () => {
    const { org, user, cookie } = await member()
    const seen = watchQueries()
    const { user: signedIn } = await getAuth(requestWith(cookie))
    expect(signedIn).toMatchObject({ id: user.id, clientId: org.id, clientPublicId: org.publicId, role: 'user', permissions: ['READ_ORDERS'] })
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatch(/from `sessions` as `s`/)
  })

  it('gives the same account as the account read on its own', async () => {
    const { org, user, cookie } = await member()
    const { user: together } = await getAuth(requestWith(cookie))
    const { loadAuthUser } = await import('#app/models/account.server')
    expect(together).toEqual(await loadAuthUser(user.id, org.id))
  })

  it.each([
    ['a deactivated person', (m: Awaited<ReturnType<typeof member>>) => platformDb.updateTable('users').set({ active: false }).where('id', '=', m.user.id).execute()],
    ['an archived membership', (m: Awaited<ReturnType<typeof member>>) => platformDb.updateTable('memberships').set({ archived: true }).where('user_id', '=', m.user.id).execute()],
    ['an inactive membership', (m: Awaited<ReturnType<typeof member>>) => platformDb.updateTable('memberships').set({ active: false }).where('user_id', '=', m.user.id).execute()],
    ['a deactivated organisation', (m: Awaited<ReturnType<typeof member>>) => platformDb.updateTable('organisations').set({ active: false }).where('id', '=', m.org.id).execute()],
    [
      'a customer membership',
      (m: Awaited<ReturnType<typeof member>>) => platformDb.updateTable('memberships').set({ role: 'customer' }).where('user_id', '=', m.user.id).execute(),
    ],
  ])('signs out %s on the next request, without a second query', async (_what, change) => {
    const m = await member()
    expect((await getAuth(requestWith(m.cookie))).user?.id).toBe(m.user.id)
    await change(m)
    const seen = watchQueries()
    expect((await getAuth(requestWith(m.cookie))).user).toBeNull()
    expect(seen).toHaveLength(1)
  })

  it('reads the account on its own when the row names another one than the data (the data decides)', async () => {
    const m = await member()
    const other = await member()
    // The columns and the data disagree: only the data says who signed in.
    await platformDb.updateTable('sessions').set({ user_id: other.user.id, client_id: other.org.id }).where('id', '=', tokenHashOf(m.cookie)).execute()
    const seen = watchQueries()
    const { user } = await getAuth(requestWith(m.cookie))
    expect(user).toMatchObject({ id: m.user.id, clientId: m.org.id })
    expect(seen).toHaveLength(2)
    expect(seen[1]).toMatch(/from `users` as `u`/)
  })

  it('never gives an account of another organisation for a session that names a person outside it', async () => {
    const m = await member()
    const rivalOrg = await createOrganisation()
    // A session (as if forged into the table) naming this person in another organisation: no account there.
    const cookie = await sessionCookie({ userId: m.user.id, clientId: rivalOrg.id })
    expect((await getAuth(requestWith(cookie))).user).toBeNull()
  })

  it('leaves platform sessions to the platform account read', async () => {
    const admin = await createUser({ superadmin: true })
    const cookie = await sessionCookie({ userId: admin.id, clientId: null })
    const seen = watchQueries()
    expect((await getAuth(requestWith(cookie))).user).toMatchObject({ id: admin.id, role: 'superadmin', clientId: null })
    expect(seen).toHaveLength(2)
  })
})

// ADR 0115: a Cookie header whose signature verified is remembered with its token, so a browser's next requests
// skip the HMAC; a header that differs in any way is verified on its own.
describe('the verified cookie headers', () => {
  const signature = (cookie: string) =>
    decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1))
      .split('.')
      .pop()!

  it('sign the same member in again from memory, and never let a forged header ride on a remembered one', async () => {
    const { user, cookie } = await member()
    const { readSession } = await import('#app/services/session.server')
    for (let i = 0; i < 2; i++) expect((await readSession(requestWith(cookie))).session.get('userId')).toBe(user.id)

    // The same token under another signature: refused although the genuine header was remembered.
    const forged = cookie.replace(encodeURIComponent(signature(cookie)), encodeURIComponent('A'.repeat(signature(cookie).length)))
    expect(forged).not.toBe(cookie)
    const refused = await readSession(requestWith(forged))
    expect(refused.session.get('userId')).toBeUndefined()
    expect(refused.member).toBeNull()
    // A header with more cookies is a different header: verified again, and as good.
    expect((await readSession(requestWith(`${cookie}; theme=dark`))).session.get('userId')).toBe(user.id)
  })

  it('check the signature once per header: a remembered header costs no HMAC, a new one does', async () => {
    const { user, cookie } = await member()
    const { readSession } = await import('#app/services/session.server')
    // cookie-signature calls createHmac on the module object of 'crypto' each time it checks a signature.
    const nodeCrypto = (await import('node:crypto')).default
    const hmacs = vi.spyOn(nodeCrypto, 'createHmac')
    expect((await readSession(requestWith(cookie))).session.get('userId')).toBe(user.id)
    const first = hmacs.mock.calls.length
    expect(first).toBeGreaterThan(0)
    for (let i = 0; i < 3; i++) expect((await readSession(requestWith(cookie))).session.get('userId')).toBe(user.id)
    expect(hmacs.mock.calls.length).toBe(first)
    await readSession(requestWith(`${cookie}; lang=fr`))
    expect(hmacs.mock.calls.length).toBeGreaterThan(first)
  })

  it('still end a session that was signed out or revoked, although its header is remembered', async () => {
    const { cookie } = await member()
    const { readSession } = await import('#app/services/session.server')
    expect((await readSession(requestWith(cookie))).member).not.toBeNull()
    await platformDb.deleteFrom('sessions').where('id', '=', tokenHashOf(cookie)).execute()
    const after = await readSession(requestWith(cookie))
    expect(after.member).toBeNull()
    expect(after.session.get('userId')).toBeUndefined()
  })
})
