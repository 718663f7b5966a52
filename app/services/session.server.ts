// Server-side sessions in MariaDB behind a signed cookie that holds only a random token. A session
// ends after an idle time and an absolute lifetime (app/rules/session-lifetime.ts), checked on read.
import { createCookie, createSessionStorage, type Session } from '@remix-run/node'
import { sql } from 'kysely'
import { isSessionAlive, needsTouch, REMEMBER_COOKIE_SECONDS, type SessionClock, sessionEndsAt } from '#app/rules/session-lifetime'
import { deriveSecret, newToken, sha256 } from './crypto.server'
import { platformDb } from './db.server'
import { oncePerRequest } from './request-memo.server'
import { isProduction } from './env.server'
import { compiledOnce } from '#db/compiled-once'

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

/** The stored session under a token's hash: every request reads it, so compiled once (ADR 0113). */
const sessionRow = compiledOnce(platformDb, (id: string) => platformDb.selectFrom('sessions').select(['data', 'expires_at', 'created_at']).where('id', '=', id))

function clockOf(data: StoredData, fallbackCreatedAt: number): SessionClock {
  const createdAt = typeof data.createdAt === 'number' ? data.createdAt : fallbackCreatedAt
  const lastSeenAt = typeof data.lastSeenAt === 'number' ? data.lastSeenAt : createdAt
  return { createdAt, lastSeenAt, remember: data.remember === true }
}

function build() {
  const cookie = createCookie(sessionCookieName(), {
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
      const id = sha256(token)
      const [row] = await sessionRow(id)
      if (!row) return null
      const now = Date.now()
      const data = row.data as StoredData
      const clock = clockOf(data, new Date(row.created_at).getTime())
      if (row.expires_at.getTime() <= now || !isSessionAlive(clock, now)) {
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
      return { ...data, createdAt: clock.createdAt, lastSeenAt: clock.lastSeenAt }
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
 * The request's session. A cookie whose row has ended (expired, revoked) yields a fresh session, so
 * anything the request stores next (a flash, a pending 2FA login) gets a row of its own.
 */
export function getSession(request: Request): Promise<AppSession> {
  // Read once per page request (the root, layout and page loaders all ask); an action gets a fresh one each time.
  return oncePerRequest(
    request,
    'session',
    async () => {
      const session = await sessionStorage().getSession(request.headers.get('Cookie'))
      if (session.id && session.get('createdAt') === undefined) return sessionStorage().getSession()
      return session
    },
    { perRequestObject: false },
  )
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
