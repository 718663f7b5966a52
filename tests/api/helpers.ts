// Shared steps of the HTTP-level API specs: a fresh tenant with people, signed in through the real login.
import { type APIRequest, type APIRequestContext } from '@playwright/test'
import { createTenant, createUser, TEST_PASSWORD } from '#tests/factories/index'
import { browsers, signIn, ORIGIN_HEADERS, BASE_URL } from '#tests/security/helpers'

export { browsers, ORIGIN_HEADERS, BASE_URL }

/** A new organisation with its owner, and a signed-in request context for that owner. */
export async function ownerSession(open: (pw: { request: APIRequest }) => Promise<APIRequestContext>, playwright: { request: APIRequest }) {
  const tenant = await createTenant()
  const request = await open(playwright)
  await signIn(request, tenant.owner.email, tenant.org.name, TEST_PASSWORD)
  return { ...tenant, request }
}

/** A staff member of `clientId` with exactly these permissions, signed in on a new request context. */
export async function staffSession(
  open: (pw: { request: APIRequest }) => Promise<APIRequestContext>,
  playwright: { request: APIRequest },
  clientId: number,
  orgName: string,
  permissions: string[],
) {
  const user = await createUser({ memberships: [{ clientId, role: 'user', permissions }] })
  const request = await open(playwright)
  await signIn(request, user.email, orgName, TEST_PASSWORD)
  return { user, request, userId: user.accounts.get(clientId)!.id }
}
