// Platform users: the accounts of the platform realm (client_id NULL) who run the platform, either superadmin
// or holding a platform role. Listing, create, update and activation; deactivation ends their sessions. Staff
// reach only platform users whose role modules they hold themselves (ADR 13).
import { sql } from 'kysely'
import { type AuthUser, emailInUse } from './account.server'
import { audited } from './audit.server'
import { isDuplicateKey } from './people.server'
import { PLATFORM_REALM_NAME } from '#app/rules/realm'
import { sendResetLink } from './password-reset.server'
import { parseModules } from './platform-roles.schema'
import { GRANT_DENIED, grantableBy } from './platform-roles.server'
import { EMAIL_TAKEN, ROLE_REQUIRED, SUPERADMIN_ROLE, type UserCreateInput, type UserUpdateInput } from './platform-users.schema'
import { mayManagePlatformUser, OUT_OF_REACH } from '#app/rules/reach'
import { likePattern, type TableQuery } from '#app/rules/table-query'
import { newPublicId } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { hashPassword } from '#app/services/password.server'
import { revokeUserSessions } from '#app/services/session.server'

export const SUPERADMIN_ONLY = 'Only a superadmin can manage superadmin users'
export const NOT_YOURSELF = 'You cannot change your own role or deactivate yourself'
/** One's own password changes on the profile, with the current password (ADR 13). */
export const OWN_PASSWORD_ON_PROFILE = 'Change your own password on your profile page, where your current password is asked'

function baseQuery() {
  return platformDb
    .selectFrom('users as u')
    .leftJoin('platform_roles as r', 'r.id', 'u.platform_role_id')
    .select([
      'u.id',
      'u.public_id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.is_superadmin',
      'u.active',
      'u.profile_img',
      'u.created_at',
      'u.platform_role_id',
      'r.key as role_key',
      'r.name as role_name',
      'r.permissions as role_permissions',
    ])
    .where('u.client_id', 'is', null)
    .where((eb) => eb.or([eb('u.is_superadmin', '=', true), eb('u.platform_role_id', 'is not', null)]))
}

export type PlatformUserRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>

export function toPlatformUserJson(row: PlatformUserRow) {
  return {
    _id: row.public_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.is_superadmin ? SUPERADMIN_ROLE : (row.role_key ?? ''),
    roleName: row.is_superadmin ? 'Superadmin' : (row.role_name ?? ''),
    role_permissions: row.is_superadmin ? [] : parseModules(row.role_permissions),
    active: !!row.active,
    profile_img: row.profile_img,
    createdAt: row.created_at.toISOString(),
  }
}

export type PlatformUserJson = ReturnType<typeof toPlatformUserJson>

export async function listPlatformUsers(): Promise<PlatformUserRow[]> {
  return baseQuery().orderBy('u.first_name').orderBy('u.last_name').orderBy('u.id').execute()
}

/** One page of /users/view, searched by name or e-mail; newest first (a new row shows on the first page), paged in SQL. */
export async function pagePlatformUsers(page: Pick<TableQuery, 'search' | 'start' | 'size'>): Promise<{ rows: PlatformUserRow[]; count: number }> {
  let query = baseQuery()
  if (page.search) {
    const like = likePattern(page.search)
    query = query.where((eb) => eb.or([eb(sql<string>`CONCAT(u.first_name, ' ', u.last_name)`, 'like', like), eb('u.email', 'like', like)]))
  }
  const { count } = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  const rows = await query.orderBy('u.created_at', 'desc').orderBy('u.id', 'desc').limit(page.size).offset(page.start).execute()
  return { rows, count: Number(count) }
}

/** Only platform users: a client's or a customer's id is "not found" here. */
export async function findPlatformUser(publicId: string): Promise<PlatformUserRow | undefined> {
  return baseQuery().where('u.public_id', '=', publicId).executeTakeFirst()
}

type ResolvedRole = { isSuperadmin: boolean; roleId: number | null; modules: string[] }

async function resolveRole(value: string): Promise<ResolvedRole | null> {
  if (value === SUPERADMIN_ROLE) return { isSuperadmin: true, roleId: null, modules: [] }
  const role = await platformDb.selectFrom('platform_roles').select(['id', 'permissions']).where('key', '=', value).executeTakeFirst()
  return role ? { isSuperadmin: false, roleId: role.id, modules: parseModules(role.permissions) } : null
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; status: 400 | 403 | 404; error: string; field?: string }

type Actor = Pick<AuthUser, 'id' | 'role' | 'roleModules'>

/** Superadmin may give any role; platform staff only roles within their own modules, never superadmin. */
function mayGive(actor: Actor, role: ResolvedRole): string | null {
  if (role.isSuperadmin) return actor.role === 'superadmin' ? null : SUPERADMIN_ONLY
  return grantableBy(actor, role.modules) ? null : GRANT_DENIED
}

export async function createPlatformUser(actor: Actor, input: UserCreateInput): Promise<Outcome<PlatformUserRow>> {
  const role = await resolveRole(input.role)
  if (!role) return { ok: false, status: 400, error: ROLE_REQUIRED, field: 'role' }
  const refused = mayGive(actor, role)
  if (refused) return { ok: false, status: 403, error: refused }
  if (await emailInUse(null, input.email)) return { ok: false, status: 400, error: EMAIL_TAKEN, field: 'email' }
  const publicId = newPublicId()
  try {
    await platformDb
      .insertInto('users')
      .values({
        public_id: publicId,
        email: input.email,
        password_hash: await hashPassword(input.password),
        first_name: input.firstName,
        last_name: input.lastName,
        is_superadmin: role.isSuperadmin,
        platform_role_id: role.roleId,
        active: input.active,
      })
      .execute()
  } catch (error) {
    // Two creates racing for one address: the unique index decides.
    if (isDuplicateKey(error)) return { ok: false, status: 400, error: EMAIL_TAKEN, field: 'email' }
    throw error
  }
  return { ok: true, value: (await findPlatformUser(publicId))! }
}

/** Whether the actor holds every module of the target's role (superadmin reaches everyone, nobody else a superadmin). */
export function mayManage(actor: Actor, target: PlatformUserRow): boolean {
  return mayManagePlatformUser(actor, { role: target.is_superadmin ? 'superadmin' : 'user', roleModules: parseModules(target.role_permissions) })
}

function refusal(actor: Actor, target: PlatformUserRow): { ok: false; status: 403; error: string } | null {
  if (target.is_superadmin && actor.role !== 'superadmin') return { ok: false, status: 403, error: SUPERADMIN_ONLY }
  return mayManage(actor, target) ? null : { ok: false, status: 403, error: OUT_OF_REACH }
}

export async function updatePlatformUser(actor: Actor, target: PlatformUserRow, input: UserUpdateInput): Promise<Outcome<PlatformUserRow>> {
  const refused = refusal(actor, target)
  if (refused) return refused
  if (input.password && target.id === actor.id) return { ok: false, status: 403, error: OWN_PASSWORD_ON_PROFILE, field: 'password' }
  const role = await resolveRole(input.role)
  if (!role) return { ok: false, status: 400, error: ROLE_REQUIRED, field: 'role' }
  const roleChanged = role.isSuperadmin !== !!target.is_superadmin || role.roleId !== (target.is_superadmin ? null : target.platform_role_id)
  if (roleChanged) {
    if (target.id === actor.id) return { ok: false, status: 403, error: NOT_YOURSELF }
    const refused = mayGive(actor, role)
    if (refused) return { ok: false, status: 403, error: refused }
  }
  const active = input.active ?? !!target.active
  if (!active && target.id === actor.id) return { ok: false, status: 403, error: NOT_YOURSELF }
  const now = new Date()
  await platformDb
    .updateTable('users')
    .set({
      first_name: input.firstName,
      last_name: input.lastName,
      is_superadmin: role.isSuperadmin,
      platform_role_id: role.roleId,
      active,
      updated_at: now,
      ...(input.password ? { password_hash: await hashPassword(input.password), password_changed_at: now } : {}),
    })
    .where('id', '=', target.id)
    .execute()
  // A new password or a deactivation takes effect everywhere at once.
  if (input.password || (!active && target.active)) await revokeUserSessions(target.id)
  return { ok: true, value: (await findPlatformUser(target.public_id))! }
}

export async function setPlatformUserActive(actor: Actor, target: PlatformUserRow, active: boolean): Promise<Outcome<PlatformUserRow>> {
  const refused = refusal(actor, target)
  if (refused) return refused
  if (!active && target.id === actor.id) return { ok: false, status: 403, error: NOT_YOURSELF }
  await platformDb.updateTable('users').set({ active, updated_at: new Date() }).where('id', '=', target.id).execute()
  if (!active) await revokeUserSessions(target.id)
  return { ok: true, value: (await findPlatformUser(target.public_id))! }
}

/** "Send reset link": the person chooses their own password from an e-mailed link; the same reach rule holds. */
export async function sendPlatformUserResetLink(actor: Actor, target: PlatformUserRow): Promise<Outcome<PlatformUserRow>> {
  const refused = refusal(actor, target)
  if (refused) return refused
  await sendResetLink({ id: target.id, email: target.email, client_id: null }, PLATFORM_REALM_NAME)
  return { ok: true, value: target }
}

/** A platform-user change's audit message: `success`, or `failure: <the refusal>`. */
const said = (success: string, failure: string) => (outcome: Outcome<PlatformUserRow>) => (outcome.ok ? success : `${failure}: ${outcome.error}`)

/** The platform user pages and JSON routes call these, so each rule (and its audit row) lives once. */
export const platformUserActions = {
  async create(actor: AuthUser, request: Request, input: UserCreateInput) {
    const outcome = await createPlatformUser(actor, input)
    return audited(actor, request, { module: 'users', action: 'create', message: said(`Created platform user ${input.email}`, `Create user ${input.email}`) }, outcome)
  },
  async update(actor: AuthUser, request: Request, target: PlatformUserRow, input: UserUpdateInput) {
    const outcome = await updatePlatformUser(actor, target, input)
    return audited(actor, request, { module: 'users', action: 'update', message: said(`Updated platform user ${target.email}`, `Update user ${target.email}`) }, outcome)
  },
  async setActive(actor: AuthUser, request: Request, target: PlatformUserRow, active: boolean) {
    const verb = active ? 'Activated' : 'Deactivated'
    const outcome = await setPlatformUserActive(actor, target, active)
    return audited(actor, request, { module: 'users', action: 'change_status', message: said(`${verb} platform user ${target.email}`, `${verb} ${target.email}`) }, outcome)
  },
  async sendResetLink(actor: AuthUser, request: Request, target: PlatformUserRow) {
    const outcome = await sendPlatformUserResetLink(actor, target)
    return audited(
      actor,
      request,
      { module: 'users', action: 'send_reset_link', message: said(`Sent a password reset link to platform user ${target.email}`, `Reset link for ${target.email}`) },
      outcome,
    )
  },
}

/** The roles the actor may give on the user forms: superadmin only by a superadmin, staff within their modules. */
export async function roleOptionsFor(actor: Actor): Promise<{ value: string; label: string }[]> {
  const roles = await platformDb.selectFrom('platform_roles').select(['key', 'name', 'permissions']).orderBy('name').execute()
  const options = roles.filter((r) => grantableBy(actor, parseModules(r.permissions))).map((r) => ({ value: r.key, label: r.name }))
  return actor.role === 'superadmin' ? [{ value: SUPERADMIN_ROLE, label: 'Superadmin' }, ...options] : options
}
