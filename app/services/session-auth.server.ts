// Who signed in, as ids: the request's session and the account and organisation it names, read once
// per request. Loading the account and checking its rights is the auth guards' job (models/auth-guards.server.ts).
import { type AppSession, readSession, type SessionMember } from './session.server'
import { oncePerRequest } from './request-memo.server'

export type SessionAuth = {
  session: AppSession
  userId: number | null
  /** The organisation the session chose (null: the platform). */
  clientId: number | null
  /** The member account read with the session (ADR 0114), for the auth guards. */
  member: SessionMember | null
}

/** The session and the ids it carries; the same session object for every caller of one request. */
export function getSessionAuth(request: Request): Promise<SessionAuth> {
  return oncePerRequest(request, 'session-auth', async () => {
    const { session, member } = await readSession(request)
    return { session, userId: session.get('userId') ?? null, clientId: session.get('clientId') ?? null, member }
  })
}
