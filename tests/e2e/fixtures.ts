// Playwright fixtures: `loginAs(email, orgName?)` writes a real session row and sets its cookie,
// so specs start signed in without clicking through the login form each time.
import { test as base, expect, type BrowserContext } from '@playwright/test'
import { sql } from 'kysely'
import { platformDb } from '#app/services/db.server'
import { sessionCookie } from '#tests/factories/session'

export async function sessionCookieFor(email: string, orgName?: string): Promise<string> {
  // Accounts are per realm (ADR 0011): the organisation named, else the first organisation account, else the platform one.
  const org = orgName ? await platformDb.selectFrom('organisations').select('id').where('name', '=', orgName).executeTakeFirstOrThrow() : null
  let query = platformDb.selectFrom('users').select(['id', 'client_id']).where('email', '=', email)
  if (org) query = query.where('client_id', '=', org.id)
  const user = await query
    .orderBy(sql`client_id IS NULL`)
    .orderBy('client_id')
    .executeTakeFirstOrThrow()
  const pair = await sessionCookie({ userId: user.id, clientId: user.client_id })
  return pair.split('=').slice(1).join('=')
}

export async function loginAs(context: BrowserContext, baseURL: string, email: string, orgName?: string) {
  const value = await sessionCookieFor(email, orgName)
  await context.addCookies([{ name: '__session', value, url: baseURL, httpOnly: true, sameSite: 'Lax' }])
}

export const test = base.extend<{ loginAs: (email: string, orgName?: string) => Promise<void>; permissionsReset: void }>({
  loginAs: async ({ context, baseURL }, use) => {
    await use((email, orgName) => loginAs(context, baseURL!, email, orgName))
  },
  // The worker's browser context is reused between tests (reuseContext, ADR 0091), and Playwright's reset
  // leaves granted permissions (the clipboard) in place: take them back after each test.
  permissionsReset: [
    async ({ context }, use) => {
      await use()
      await context.clearPermissions()
    },
    { auto: true },
  ],
})

export { expect }
