// Playwright fixtures: `loginAs(email, orgName?)` writes a real session row and sets its cookie,
// so specs start signed in without clicking through the login form each time.
import { test as base, expect, type BrowserContext } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { sessionStorage } from '#app/services/session.server'

export async function sessionCookieFor(email: string, orgName?: string): Promise<string> {
  const user = await platformDb.selectFrom('users').select(['id']).where('email', '=', email).executeTakeFirstOrThrow()
  let clientId: number | null = null
  if (orgName) {
    clientId = (await platformDb.selectFrom('organisations').select('id').where('name', '=', orgName).executeTakeFirstOrThrow()).id
  } else {
    const membership = await platformDb.selectFrom('memberships').select('client_id').where('user_id', '=', user.id).where('role', 'in', ['client', 'user']).orderBy('client_id').executeTakeFirst()
    clientId = membership?.client_id ?? null
  }
  const session = await sessionStorage().getSession()
  session.set('userId', user.id)
  session.set('clientId', clientId)
  const header = await sessionStorage().commitSession(session)
  return header.split(';')[0].split('=').slice(1).join('=')
}

export async function loginAs(context: BrowserContext, baseURL: string, email: string, orgName?: string) {
  const value = await sessionCookieFor(email, orgName)
  await context.addCookies([{ name: '__session', value, url: baseURL, httpOnly: true, sameSite: 'Lax' }])
}

export const test = base.extend<{ loginAs: (email: string, orgName?: string) => Promise<void> }>({
  loginAs: async ({ context, baseURL }, use) => {
    await use((email, orgName) => loginAs(context, baseURL!, email, orgName))
  },
})

export { expect }
