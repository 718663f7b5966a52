// Server-side sessions in MariaDB behind a signed cookie that holds only a random token. A session
// ends after an idle time and an absolute lifetime (app/rules/session-lifetime.ts), checked on read.
import { type Cookie, createCookie, createSession, createSessionStorage, type Session } from '@remix-run/node'
import { sql } from 'kysely'
import { isSessionAlive, needsTouch, REMEMBER_COOKIE_SECONDS, type SessionClock, sessionEndsAt } from '#app/rules/session-lifetime'
import { MEMBER_COLUMNS, type MemberRow, mayUseThePortal, USER_COLUMNS } from './account-row.server'
import { deriveSecret, newToken, sha256 } from './crypto.server'
import { platformDb } from './db.server'
import { oncePerRequest } from './request-memo.server'
import { isProduction } from './env.server'
import { compiledOnce } from '#db/compiled-once'
import { BoundedMap } from '#app/rules/bounded-map'

export type SessionData = {
  userId?: number
  clientId?: number | null
  remember?: boolean
  lang?: string
  /** Set while a login waits for its 2FA code: the challenge row and where the login came from. */
  pendingTwoFactor?: { tokenId: number; userId: number; clientId: number | null; remember: boolean; returnTo?: string }
  /** Log-in-as: who really signed in, so the banner can return them. */
  impersonatorUserId?: number
  impersonatorClientId?: number | null
  /** The id hash of the impersonator's own session, parked while they act as someone else: the only way back. */
  impersonatorSessionId?: string
  /** A customer-portal log-in-as opened from another host: the back office to go back to (built from configuration). */
  impersonatorReturnUrl?: string
  /** Kept by the storage (epoch ms): when the session started (sign-in) and when it was last used. */
  createdAt?: number
  lastSeenAt?: number
}
export type FlashData = { toast: string }
export type AppSession = Session<SessionData, FlashData>

/**
 * `__Host-` in production: the browser then accepts the cookie only from our own origin over HTTPS,
 * with Path=/ and no Domain, so a sibling subdomain can neither set nor overwrite it. Outside
 * production `__session`, so http://localhost works (the e2e fixture uses that name too).
 */
export function sessionCookieName(): string {
  return isProduction() ? '__Host-session' : '__session'
}

let storage: ReturnType<typeof build> | undefined

type StoredData = Partial<SessionData & FlashData> & Record<string, unknown>

/**
 * The stored session under a token's hash, with the member account it names (its user_id and client_id columns,
 * kept with the data) in the same round trip: every signed-in request reads both (ADR 0114). Compiled once
 * (ADR 0113). Left joins: a session whose account is gone, inactive or may not sign in still comes back, with
 * `may_use_the_portal` not 1.
 */
const sessionRow = compiledOnce(platformDb, (id: string) =>
  platformDb
    .selectFrom('sessions as s')
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 's.user_id').onRef('u.client_id', '=', 's.client_id').on('u.active', '=', true))
    .leftJoin('memberships as m', (join) => join.onRef('m.user_id', '=', 'u.id').onRef('m.client_id', '=', 's.client_id'))
    .leftJoin('organisations as o', 'o.id', 'm.client_id')
    .select([
      's.data as session_data',
      's.expires_at as session_expires_at',
      's.created_at as session_created_at',
      's.user_id as session_user_id',
      's.client_id as session_client_id',
    ])
    .select([...USER_COLUMNS, ...MEMBER_COLUMNS])
    // The same rule as the account read of models/account.server.ts, as a column (null without a membership).
    .select((eb) => mayUseThePortal(eb as never).as('may_use_the_portal'))
    .where('s.id', '=', id),
)

/**
 * The member account a session row names, as read with it: `row` is null when that account may not use the
 * portal (or is gone). Used by the auth guards only when it is the account the session's data asks for.
 */
export type SessionMember = { userId: number; clientId: number; row: MemberRow | null }

type StoredSession = { data: StoredData; member: SessionMember | null }

function clockOf(data: StoredData, fallbackCreatedAt: number): SessionClock {
  const createdAt = typeof data.createdAt === 'number' ? data.createdAt : fallbackCreatedAt
  const lastSeenAt = typeof data.lastSeenAt === 'number' ? data.lastSeenAt : createdAt
  return { createdAt, lastSeenAt, remember: data.remember === true }
}

/** The session's data under a token, checked for expiry and touched, and the member account read with it. */
async function readStored(token: string, id = sha256(token)): Promise<StoredSession | null> {
  const [row] = await sessionRow(id)
  if (!row) return null
  const now = Date.now()
  const data = row.session_data as StoredData
  const clock = clockOf(data, new Date(row.session_created_at).getTime())
  if (row.session_expires_at.getTime() <= now || !isSessionAlive(clock, now)) {
    await platformDb.deleteFrom('sessions').where('id', '=', id).execute()
    return null
  }
  if (needsTouch(clock.lastSeenAt, now)) {
    // Only the timestamp changes, so a concurrent update of the rest of the data is never lost.
    await platformDb
      .updateTable('sessions')
      .set({ data: sql<string>`JSON_SET(data, '$.lastSeenAt', ${now})`, expires_at: new Date(sessionEndsAt({ ...clock, lastSeenAt: now })) })
      .where('id', '=', id)
      .execute()
    clock.lastSeenAt = now
  }
  const member =
    row.session_user_id !== null && row.session_client_id !== null
      ? { userId: Number(row.session_user_id), clientId: Number(row.session_client_id), row: row.id !== null && Number(row.may_use_the_portal) === 1 ? (row as MemberRow) : null }
      : null
  return { data: { ...data, createdAt: clock.createdAt, lastSeenAt: clock.lastSeenAt }, member }
}

let cookie: Cookie | null = null

function build() {
  cookie = createCookie(sessionCookieName(), {
    httpOnly: true,
    sameSite: 'lax',
    secure: isProduction(),
    path: '/',
    secrets: [deriveSecret('session-cookie')],
  })
  return createSessionStorage<SessionData, FlashData>({
    cookie,
    async createData(data) {
      const token = newToken()
      const now = Date.now()
      const stored: StoredData = { ...data, createdAt: now, lastSeenAt: now }
      await platformDb
        .insertInto('sessions')
        .values({
          id: sha256(token),
          user_id: (data.userId as number | undefined) ?? null,
          client_id: (data.clientId as number | null | undefined) ?? null,
          data: JSON.stringify(stored),
          expires_at: new Date(sessionEndsAt(clockOf(stored, now))),
        })
        .execute()
      return token
    },
    async readData(token) {
      return (await readStored(token))?.data ?? null
    },
    async updateData(token, data) {
      const stored = data as StoredData
      const clock = clockOf(stored, Date.now())
      await platformDb
        .updateTable('sessions')
        .set({
          user_id: (data.userId as number | undefined) ?? null,
          client_id: (data.clientId as number | null | undefined) ?? null,
          data: JSON.stringify({ ...stored, createdAt: clock.createdAt, lastSeenAt: clock.lastSeenAt }),
          expires_at: new Date(sessionEndsAt(clock)),
        })
        .where('id', '=', sha256(token))
        .execute()
    },
    async deleteData(token) {
      await platformDb.deleteFrom('sessions').where('id', '=', sha256(token)).execute()
    },
  })
}

export function sessionStorage() {
  return (storage ??= build())
}

/**
 * Cookie headers whose session cookie verified, with the token each holds and its row's id (ADR 0115).
 * Checking the signature (an HMAC, then a constant-time comparison) and decoding the value cost more than the
 * session's query on a small JSON answer, and each browser sends the same header request after request. The
 * answer depends on the header and the process's secret alone. Only short headers whose signature verified are
 * kept, the oldest dropped first.
 */
type VerifiedToken = { token: string; id: string }
const verifiedCookieHeaders = new BoundedMap<string, VerifiedToken>(4096)
const LONGEST_HEADER_KEPT = 1024

async function sessionToken(header: string | null): Promise<VerifiedToken | null> {
  if (!header) return null
  const known = verifiedCookieHeaders.get(header)
  if (known !== undefined) return known
  const token: unknown = await cookie!.parse(header)
  if (typeof token !== 'string' || !token) return null
  const verified = { token, id: sha256(token) }
  if (header.length <= LONGEST_HEADER_KEPT) verifiedCookieHeaders.set(header, verified)
  return verified
}

/**
 * The request's session, and the member account read with it (ADR 0114). A cookie whose row has ended
 * (expired, revoked) yields a fresh session, so anything the request stores next (a flash, a pending 2FA
 * login) gets a row of its own. What Remix's storage.getSession does, with the account kept beside it.
 */
export function readSession(request: Request): Promise<{ session: AppSession; member: SessionMember | null }> {
  // Read once per page request (the root, layout and page loaders all ask); an action gets a fresh one each time.
  return oncePerRequest(
    request,
    'session',
    async () => {
      const storage = sessionStorage()
      const verified = await sessionToken(request.headers.get('Cookie'))
      const stored = verified ? await readStored(verified.token, verified.id) : null
      if (!verified || !stored) return { session: await storage.getSession(), member: null }
      return { session: createSession<SessionData, FlashData>(stored.data as SessionData, verified.token), member: stored.member }
    },
    { perRequestObject: false },
  )
}

export async function getSession(request: Request): Promise<AppSession> {
  return (await readSession(request)).session
}

/** Remember me keeps the cookie for 30 days; otherwise it dies with the browser. */
export function commitSession(session: AppSession): Promise<string> {
  return sessionStorage().commitSession(session, session.get('remember') ? { maxAge: REMEMBER_COOKIE_SECONDS } : {})
}

export function destroySession(session: AppSession): Promise<string> {
  return sessionStorage().destroySession(session)
}

/**
 * Starts a fresh session (new id, so a fixated id never gains rights) and destroys the old one.
 * Returns the Set-Cookie header for the new session.
 */
export async function startSession(request: Request, data: SessionData): Promise<string> {
  const old = await getSession(request)
  if (old.id) await sessionStorage().destroySession(old)
  const session = await sessionStorage().getSession()
  for (const [key, value] of Object.entries(data)) {
    if (value !== undefined) session.set(key as keyof SessionData, value as never)
  }
  if (old.get('lang')) session.set('lang', old.get('lang'))
  return commitSession(session)
}

/** Ends every session of a person (logout everywhere, password change, deactivation). */
export async function revokeUserSessions(userId: number, opts: { keepToken?: string } = {}): Promise<void> {
  let query = platformDb.deleteFrom('sessions').where('user_id', '=', userId)
  if (opts.keepToken) query = query.where('id', '!=', sha256(opts.keepToken))
  await query.execute()
}
