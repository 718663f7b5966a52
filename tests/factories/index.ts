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

export async function createOrganisation(
  opts: { name?: string; settings?: Record<string, boolean>; packageStatus?: string; trialEndsAt?: Date | null; paymentDueSince?: Date | null } = {},
) {
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
  await platformDb
    .insertInto('organisation_settings')
    .values({ client_id: id, settings: JSON.stringify(opts.settings ?? {}) })
    .execute()
  return { id, publicId, name: opts.name ?? `Org ${publicId.slice(0, 6)}` }
}

type MembershipSeed = { clientId: number; role: MembershipRole; permissions?: string[]; active?: boolean; archived?: boolean }

/**
 * One person: a platform account when `superadmin` (or with no memberships), otherwise one account
 * per organisation in `memberships` (ADR 0011), all with the same e-mail and password. `id` is the
 * first account; `accounts` maps each organisation id (null: platform) to its account id.
 */
export async function createUser(
  opts: {
    email?: string
    password?: string
    firstName?: string
    lastName?: string
    superadmin?: boolean
    active?: boolean
    memberships?: MembershipSeed[]
  } = {},
) {
  const email = opts.email ?? uniqueEmail()
  const passwordHash = opts.password ? await hashPassword(opts.password) : await (cachedHash ??= hashPassword(TEST_PASSWORD))
  const realms: (MembershipSeed | null)[] = opts.superadmin || !opts.memberships?.length ? [null] : []
  realms.push(...(opts.memberships ?? []))
  const accounts = new Map<number | null, { id: number; publicId: string }>()
  for (const m of realms) {
    const publicId = newPublicId()
    const result = await platformDb
      .insertInto('users')
      .values({
        public_id: publicId,
        client_id: m?.clientId ?? null,
        email,
        password_hash: passwordHash,
        first_name: opts.firstName ?? 'Test',
        last_name: opts.lastName ?? 'Person',
        is_superadmin: !m && !!opts.superadmin,
        active: opts.active ?? true,
      })
      .executeTakeFirstOrThrow()
    const id = Number(result.insertId)
    accounts.set(m?.clientId ?? null, { id, publicId })
    if (!m) continue
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
  const first = accounts.values().next().value!
  return { id: first.id, publicId: first.publicId, email, password: opts.password ?? TEST_PASSWORD, accounts }
}

/** Tenant A with an owner and a restricted staff member, for isolation tests against tenant B. */
export async function createTenant(name?: string) {
  const org = await createOrganisation({ name })
  const owner = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
  return { org, owner }
}

/** The account of an e-mail in one realm (an organisation id, or null for the platform); the only one when omitted. */
export async function userIdByEmail(email: string, realm?: number | null): Promise<number> {
  let query = platformDb.selectFrom('users').select('id').where('email', '=', email)
  if (realm !== undefined) query = realm === null ? query.where('client_id', 'is', null) : query.where('client_id', '=', realm)
  const rows = await query.execute()
  if (rows.length !== 1) throw new Error(`${rows.length} accounts for ${email}: name the realm`)
  return rows[0]!.id
}

export async function orgIdByName(name: string): Promise<{ id: number; publicId: string }> {
  const row = await platformDb.selectFrom('organisations').select(['id', 'public_id']).where('name', '=', name).executeTakeFirstOrThrow()
  return { id: row.id, publicId: row.public_id }
}

/** A platform role granting only `modules` (comma-separated module keys), under a fresh key. */
export async function createPlatformRole(modules: string) {
  const key = `r${randomBytes(5).toString('hex')}`
  const publicId = key.padEnd(24, '0')
  const row = await platformDb
    .insertInto('platform_roles')
    .values({ public_id: publicId, name: `Role ${key}`, key, permissions: modules })
    .executeTakeFirstOrThrow()
  return { id: Number(row.insertId), publicId, key }
}

/** A platform account (no organisation) whose role grants only `modules`. */
export async function createPlatformStaff(modules: string) {
  const [role, user] = await Promise.all([createPlatformRole(modules), createUser()])
  await platformDb.updateTable('users').set({ platform_role_id: role.id }).where('id', '=', user.id).execute()
  return { user, role }
}
