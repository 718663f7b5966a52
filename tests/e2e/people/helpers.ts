// Shared steps of the people specs: wait for hydration, build throwaway customers and staff in Demo Writing Co.
import type { Page } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { createUser, uniqueEmail } from '#tests/factories/index'

export const DEMO = 'Demo Writing Co'

export async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.locator('[data-hydrated]').waitFor()
}

export async function demoId(): Promise<number> {
  return (await platformDb.selectFrom('organisations').select('id').where('name', '=', DEMO).executeTakeFirstOrThrow()).id
}

export async function newCustomer(firstName = 'Toggle') {
  return createUser({ email: uniqueEmail('e2e-cust'), firstName, lastName: 'Customer', memberships: [{ clientId: await demoId(), role: 'customer' }] })
}

export async function newStaff(permissions: string[], firstName = 'Temp') {
  return createUser({ email: uniqueEmail('e2e-staff'), firstName, lastName: 'Staffer', memberships: [{ clientId: await demoId(), role: 'user', permissions }] })
}

export async function membership(email: string) {
  const user = await platformDb.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
  return platformDb
    .selectFrom('memberships')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('client_id', '=', await demoId())
    .executeTakeFirstOrThrow()
}
