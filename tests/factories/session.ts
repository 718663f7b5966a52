// Sessions written as a login writes them, for tests that need someone signed in without going through the login
// (its own tests prove it): the cookie pair, or an integration Client carrying it.
import { sessionStorage } from '#app/services/session.server'

/** Who the session is: an account in its realm (clientId null: the platform), and a log-in-as session's opener. */
export type SessionOf = { userId: number; clientId: number | null; impersonatorUserId?: number; impersonatorClientId?: number | null }

/** The `name=value` pair of a fresh session cookie, ready for a Cookie header. */
export async function sessionCookie(who: SessionOf): Promise<string> {
  const session = await sessionStorage().getSession()
  session.set('userId', who.userId)
  session.set('clientId', who.clientId)
  if (who.impersonatorUserId !== undefined) session.set('impersonatorUserId', who.impersonatorUserId)
  if (who.impersonatorClientId !== undefined) session.set('impersonatorClientId', who.impersonatorClientId)
  return (await sessionStorage().commitSession(session)).split(';')[0]!
}

/** An integration test's Client (tests/integration/helpers.ts) signed in as `who`. */
export async function sessionClient(who: SessionOf) {
  // Imported when called: the Playwright specs that only want the cookie never load the workers behind it.
  const { Client } = await import('#tests/integration/helpers')
  const client = new Client()
  client.cookie = await sessionCookie(who)
  return client
}
