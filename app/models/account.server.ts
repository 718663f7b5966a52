// Signed-in identities: who a person is inside one organisation, and the user object the API returns.
import { daysLeftInTrial, daysPastDue } from '#app/rules/account-status'
import { hasFullAccess } from '#app/rules/permissions'
import { hmac } from '#app/services/crypto.server'
import { MEMBER_COLUMNS, type MemberRow, mayUseThePortal, USER_COLUMNS, type UserColumns } from '#app/services/account-row.server'
import { platformDb } from '#app/services/db.server'
import type { SessionMember } from '#app/services/session.server'
import { compiledOnce } from '#db/compiled-once'
import { env } from '#app/services/env.server'
import { platformRoleModules } from './platform-roles.server'

export type Role = 'superadmin' | 'client' | 'user'

export type AuthUser = {
  id: number
  publicId: string
  email: string
  firstName: string
  lastName: string
  role: Role
  clientId: number | null
  clientPublicId: string | null
  organisationName: string | null
  organisationLogo: string | null
  permissions: string[]
  leadsOnly: boolean
  profileImg: string | null
  currencyType: string
  createdAt: Date
  packageStatus: string | null
  trialEndsAt: Date | null
  paymentDueSince: Date | null
  platformRoleId: number | null
  /** Platform staff: the modules their platform role grants (empty for everyone else). */
  roleModules?: string[]
}

export { SIGN_IN_ROLES } from '#app/services/account-row.server'

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** The account of one realm (null: the platform) for an e-mail: each realm has its own (ADR 0011). */
export async function findAccount(clientId: number | null, email: string) {
  const query = platformDb.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email))
  return (clientId === null ? query.where('client_id', 'is', null) : query.where('client_id', '=', clientId)).executeTakeFirst()
}

/** Whether a realm (null: the platform) already has an account for the address (ADR 0011). */
export async function emailInUse(realm: number | null, email: string, exceptUserId?: number): Promise<boolean> {
  let query = platformDb.selectFrom('users').select('id').where('email', '=', email)
  query = realm === null ? query.where('client_id', 'is', null) : query.where('client_id', '=', realm)
  if (exceptUserId) query = query.where('id', '!=', exceptUserId)
  return !!(await query.executeTakeFirst())
}

/** Every active account of an e-mail, one per realm (password reset reaches each of them). */
export async function accountsForEmail(email: string) {
  return platformDb.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).where('active', '=', true).execute()
}

export type OrganisationChoice = {
  client_id: string | null
  role: Role
  companyDetails: { companyName: string; logo: string | null } | null
}

/** The realms an e-mail may sign in to, for the picker (the platform first, needing no organisation). */
export async function organisationsForEmail(email: string): Promise<OrganisationChoice[] | null> {
  const address = normalizeEmail(email)
  const [platform, rows] = await Promise.all([
    platformDb
      .selectFrom('users')
      .select('id')
      .where('email', '=', address)
      .where('client_id', 'is', null)
      .where('active', '=', true)
      .where((eb) => eb.or([eb('is_superadmin', '=', true), eb('platform_role_id', 'is not', null)]))
      .executeTakeFirst(),
    platformDb
      .selectFrom('users as u')
      .innerJoin('memberships as m', (join) => join.onRef('m.user_id', '=', 'u.id').onRef('m.client_id', '=', 'u.client_id'))
      .innerJoin('organisations as o', 'o.id', 'm.client_id')
      .select(['o.public_id', 'o.name', 'o.logo', 'm.role'])
      .where('u.email', '=', address)
      .where('u.active', '=', true)
      .where(mayUseThePortal)
      .orderBy('o.name')
      .execute(),
  ])
  // An address with an account but nowhere to sign in still gets the picker, empty; one whose only accounts are a
  // customer's reads like an unknown one: the picker never tells that a person is some business's customer (ADR 0059).
  if (!platform && rows.length === 0) {
    const any = await platformDb
      .selectFrom('users as u')
      .leftJoin('memberships as m', (join) => join.onRef('m.user_id', '=', 'u.id').onRef('m.client_id', '=', 'u.client_id'))
      .select('u.id')
      .where('u.email', '=', address)
      .where('u.active', '=', true)
      .where((eb) => eb.or([eb('m.role', 'is', null), eb('m.role', '!=', 'customer')]))
      .executeTakeFirst()
    if (!any) return null
  }
  const choices: OrganisationChoice[] = rows.map((r) => ({
    client_id: r.public_id,
    role: r.role as Role,
    companyDetails: { companyName: r.name, logo: r.logo },
  }))
  if (platform) choices.unshift({ client_id: null, role: 'superadmin', companyDetails: null })
  return choices
}

/**
 * Loads the identity a session stands for, re-checking on every request that the person, the
 * membership and the organisation are still active (deactivation ends access immediately).
 * `readWithSession`: the member account the session read brought in the same round trip (ADR 0114), used
 * only when it is the account asked for; otherwise the account is read here.
 */
export async function loadAuthUser(userId: number, clientId: number | null, readWithSession: SessionMember | null = null): Promise<AuthUser | null> {
  if (clientId === null) return loadPlatformUser(userId)
  if (readWithSession && readWithSession.userId === userId && readWithSession.clientId === clientId) {
    return readWithSession.row && memberFrom(readWithSession.row, clientId)
  }
  return loadMember(userId, clientId)
}

function baseOf(user: UserColumns) {
  return {
    id: user.id,
    publicId: user.public_id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    profileImg: user.profile_img,
    createdAt: user.created_at,
    platformRoleId: user.platform_role_id,
  }
}

/** A platform account (compiled once, ADR 0113): a platform session never stands for an organisation account. */
const platformUserRow = compiledOnce(platformDb, (userId: number) =>
  platformDb
    .selectFrom('users as u')
    .select([...USER_COLUMNS, 'u.is_superadmin'])
    .where('u.id', '=', userId)
    .where('u.active', '=', true)
    .where('u.client_id', 'is', null),
)

async function loadPlatformUser(userId: number): Promise<AuthUser | null> {
  const [user] = await platformUserRow(userId)
  if (!user || (!user.is_superadmin && !user.platform_role_id)) return null
  return {
    ...baseOf(user),
    // Platform staff without the superadmin flag get only what their platform role grants.
    role: user.is_superadmin ? 'superadmin' : 'user',
    roleModules: user.is_superadmin ? [] : await platformRoleModules(user.platform_role_id),
    clientId: null,
    clientPublicId: null,
    organisationName: null,
    organisationLogo: null,
    permissions: [],
    leadsOnly: false,
    currencyType: 'usd',
    packageStatus: null,
    trialEndsAt: null,
    paymentDueSince: null,
  }
}

/**
 * The account, its membership and its organisation in one round trip, compiled once (ADR 0113), when the
 * session read did not bring them. The account must belong to the realm the session names: an organisation
 * account of this organisation only.
 */
const memberRow = compiledOnce(platformDb, (userId: number, clientId: number) =>
  platformDb
    .selectFrom('users as u')
    .innerJoin('memberships as m', (join) => join.onRef('m.user_id', '=', 'u.id').on('m.client_id', '=', clientId))
    .innerJoin('organisations as o', 'o.id', 'm.client_id')
    .select([...USER_COLUMNS, ...MEMBER_COLUMNS])
    .where('u.id', '=', userId)
    .where('u.active', '=', true)
    .where('u.client_id', '=', clientId)
    .where(mayUseThePortal),
)

async function loadMember(userId: number, clientId: number): Promise<AuthUser | null> {
  const [row] = await memberRow(userId, clientId)
  return row ? memberFrom(row, clientId) : null
}

function memberFrom(row: MemberRow, clientId: number): AuthUser {
  return {
    ...baseOf(row),
    role: row.role as Role,
    clientId,
    clientPublicId: row.organisation_public_id,
    organisationName: row.name,
    organisationLogo: row.logo,
    permissions: row.permissions,
    leadsOnly: row.leads_only,
    currencyType: row.currency_type,
    packageStatus: row.package_status,
    trialEndsAt: row.trial_ends_at,
    paymentDueSince: row.payment_due_since,
  }
}

/** Days left of the trial, by the date rule in app/rules/account-status.ts. */
export function trialDaysLeft(user: Pick<AuthUser, 'packageStatus' | 'trialEndsAt'>, now = new Date()): number | null {
  return daysLeftInTrial(user.packageStatus, user.trialEndsAt, now)
}

export function paymentDueDays(user: Pick<AuthUser, 'paymentDueSince'>, now = new Date()): number | null {
  return daysPastDue(user.paymentDueSince, now)
}

/** Intercom's identity verification hash: only with Intercom's own secret, never one of ours. */
export function intercomHashId(user: Pick<AuthUser, 'publicId'>): string | null {
  const secret = env().INTERCOM_IDENTITY_SECRET
  return secret ? hmac(user.publicId, secret) : null
}

/** The user object of the spec (GET /api/auth/user, login answers). */
export function toUserJson(user: AuthUser) {
  return {
    _id: user.publicId,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    client_id: user.clientPublicId,
    companyDetails: user.organisationName ? { companyName: user.organisationName, logo: user.organisationLogo } : null,
    profile_img: user.profileImg,
    currencyType: user.currencyType,
    permissions: user.permissions,
    fullAccess: hasFullAccess(user),
    leadsOnlyUser: user.leadsOnly,
    intercomHashId: intercomHashId(user),
    trialUser: user.packageStatus === 'trial',
    trialDaysLeft: trialDaysLeft(user),
    client_package_status: user.packageStatus,
    paymentDueDays: paymentDueDays(user),
    // Platform staff: the modules of their platform role (the client side filters its sidebar by them).
    role_permissions: user.roleModules ?? [],
  }
}

export type UserJson = ReturnType<typeof toUserJson>
