// Builds isolated tenants and people for tests (tenant A and B), straight in the database.
import { randomBytes } from 'node:crypto'
import { newPublicId } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { hashPassword } from '#app/services/password.server'
import type { MembershipRole } from '#db/types'

export const TEST_PASSWORD = 'Test-pass-2026!'
let cachedHash: Promise<string> | undefined

export function uniqueEmail(prefix = 'user') {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.test`
}

export async function createOrganisation(opts: { name?: string; settings?: Record<string, boolean>; packageStatus?: string; trialEndsAt?: Date | null; paymentDueSince?: Date | null } = {}) {
  const publicId = newPublicId()
  const result = await platformDb
    .insertInto('organisations')
    .values({
      public_id: publicId,
      name: opts.name ?? `Org ${publicId.slice(0, 6)}`,
      package_status: opts.packageStatus ?? 'active',
      trial_ends_at: opts.trialEndsAt ?? null,
      payment_due_since: opts.paymentDueSince ?? null,
    })
    .executeTakeFirstOrThrow()
  const id = Number(result.insertId)
  await platformDb.insertInto('organisation_settings').values({ client_id: id, settings: JSON.stringify(opts.settings ?? {}) }).execute()
  return { id, publicId, name: opts.name ?? `Org ${publicId.slice(0, 6)}` }
}

export async function createUser(opts: {
  email?: string
  password?: string
  firstName?: string
  lastName?: string
  superadmin?: boolean
  active?: boolean
  memberships?: { clientId: number; role: MembershipRole; permissions?: string[]; active?: boolean; archived?: boolean }[]
} = {}) {
  const email = opts.email ?? uniqueEmail()
  const passwordHash = opts.password ? await hashPassword(opts.password) : await (cachedHash ??= hashPassword(TEST_PASSWORD))
  const publicId = newPublicId()
  const result = await platformDb
    .insertInto('users')
    .values({
      public_id: publicId,
      email,
      password_hash: passwordHash,
      first_name: opts.firstName ?? 'Test',
      last_name: opts.lastName ?? 'Person',
      is_superadmin: !!opts.superadmin,
      active: opts.active ?? true,
    })
    .executeTakeFirstOrThrow()
  const id = Number(result.insertId)
  for (const m of opts.memberships ?? []) {
    await platformDb
      .insertInto('memberships')
      .values({
        client_id: m.clientId,
        user_id: id,
        role: m.role,
        permissions: JSON.stringify(m.permissions ?? []),
        active: m.active ?? true,
        archived: m.archived ?? false,
      })
      .execute()
  }
  return { id, publicId, email, password: opts.password ?? TEST_PASSWORD }
}

/** Tenant A with an owner and a restricted staff member, for isolation tests against tenant B. */
export async function createTenant(name?: string) {
  const org = await createOrganisation({ name })
  const owner = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
  return { org, owner }
}

export async function userIdByEmail(email: string): Promise<number> {
  return (await platformDb.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id
}

export async function orgIdByName(name: string): Promise<{ id: number; publicId: string }> {
  const row = await platformDb.selectFrom('organisations').select(['id', 'public_id']).where('name', '=', name).executeTakeFirstOrThrow()
  return { id: row.id, publicId: row.public_id }
}
