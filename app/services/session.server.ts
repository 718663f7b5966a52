// Server-side sessions in MariaDB behind a signed cookie that holds only a random token.
import { createCookie, createSessionStorage, type Session } from '@remix-run/node'
import { newToken, sha256 } from './crypto.server'
import { platformDb } from './db.server'
import { env, isProduction } from './env.server'

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
}
export type FlashData = { toast: string }
export type AppSession = Session<SessionData, FlashData>

const REMEMBER_SECONDS = 30 * 24 * 3600
const BROWSER_SESSION_SECONDS = 24 * 3600

let storage: ReturnType<typeof build> | undefined

function build() {
  const cookie = createCookie('__session', {
    httpOnly: true,
    sameSite: 'lax',
    secure: isProduction(),
    path: '/',
    secrets: [env().SESSION_SECRET],
  })
  return createSessionStorage<SessionData, FlashData>({
    cookie,
    async createData(data, expires) {
      const token = newToken()
      await platformDb
        .insertInto('sessions')
        .values({
          id: sha256(token),
          user_id: (data.userId as number | undefined) ?? null,
          client_id: (data.clientId as number | null | undefined) ?? null,
          data: JSON.stringify(data),
          expires_at: expiryFor(data, expires),
        })
        .execute()
      return token
    },
    async readData(token) {
      const row = await platformDb
        .selectFrom('sessions')
        .select(['data', 'expires_at'])
        .where('id', '=', sha256(token))
        .executeTakeFirst()
      if (!row || row.expires_at.getTime() < Date.now()) return null
      return row.data as Partial<SessionData & FlashData>
    },
    async updateData(token, data, expires) {
      await platformDb
        .updateTable('sessions')
        .set({
          user_id: (data.userId as number | undefined) ?? null,
          client_id: (data.clientId as number | null | undefined) ?? null,
          data: JSON.stringify(data),
          expires_at: expiryFor(data, expires),
        })
        .where('id', '=', sha256(token))
        .execute()
    },
    async deleteData(token) {
      await platformDb.deleteFrom('sessions').where('id', '=', sha256(token)).execute()
    },
  })
}

function expiryFor(data: Partial<SessionData>, expires?: Date): Date {
  if (expires) return expires
  return new Date(Date.now() + (data.remember ? REMEMBER_SECONDS : BROWSER_SESSION_SECONDS) * 1000)
}

export function sessionStorage() {
  return (storage ??= build())
}

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage().getSession(request.headers.get('Cookie'))
}

/** Remember me keeps the cookie for 30 days; otherwise it dies with the browser. */
export function commitSession(session: AppSession): Promise<string> {
  return sessionStorage().commitSession(session, session.get('remember') ? { maxAge: REMEMBER_SECONDS } : {})
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
