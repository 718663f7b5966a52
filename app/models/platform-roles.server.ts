// Platform roles (cross-tenant): named module lists held by platform staff; superadmin needs none.
import type { AuthUser } from './account.server'
import { formatModules, parseModules, type RoleInput, roleKeyFrom } from './platform-roles.schema'
import { likePattern, type TableQuery } from '#app/rules/table-query'
import { newPublicId } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import type { PlatformRole } from '#db/tables/platform'
import { audited } from './audit.server'

export type RoleJson = { _id: string; name: string; key: string; permissions: string; createdAt: string }

export function toRoleJson(role: PlatformRole): RoleJson {
  return { _id: role.public_id, name: role.name, key: role.key, permissions: role.permissions, createdAt: role.created_at.toISOString() }
}

export async function listRoles(): Promise<PlatformRole[]> {
  return platformDb.selectFrom('platform_roles').selectAll().orderBy('name').orderBy('id').execute()
}

/** One page of /roles/view, searched by name or key; newest first (a new row shows on the first page), paged in SQL. */
export async function pageRoles(page: Pick<TableQuery, 'search' | 'start' | 'size'>): Promise<{ rows: PlatformRole[]; count: number }> {
  let query = platformDb.selectFrom('platform_roles')
  if (page.search) {
    const like = likePattern(page.search)
    query = query.where((eb) => eb.or([eb('name', 'like', like), eb('key', 'like', like)]))
  }
  const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
  const rows = await query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.size).offset(page.start).execute()
  return { rows, count: Number(count) }
}

export async function findRole(publicId: string): Promise<PlatformRole | undefined> {
  return platformDb.selectFrom('platform_roles').selectAll().where('public_id', '=', publicId).executeTakeFirst()
}

export async function findRoleByKey(key: string): Promise<PlatformRole | undefined> {
  return platformDb.selectFrom('platform_roles').selectAll().where('key', '=', key).executeTakeFirst()
}

/** The modules a platform role grants; none for a missing role. */
export async function platformRoleModules(roleId: number | null): Promise<string[]> {
  if (!roleId) return []
  const row = await platformDb.selectFrom('platform_roles').select('permissions').where('id', '=', roleId).executeTakeFirst()
  return parseModules(row?.permissions)
}

// 'superadmin' is the users flag and client/user are membership roles: a role key never shadows them.
const RESERVED_KEYS = new Set(['superadmin', 'client', 'user', 'customer'])

async function freeKey(name: string, exceptId?: number): Promise<string> {
  const base = roleKeyFrom(name)
  for (let n = 1; ; n++) {
    const key = n === 1 && !RESERVED_KEYS.has(base) ? base : `${base}_${n}`
    if (RESERVED_KEYS.has(key)) continue
    const taken = await platformDb.selectFrom('platform_roles').select('id').where('key', '=', key).executeTakeFirst()
    if (!taken || taken.id === exceptId) return key
  }
}

/**
 * Staff with the roles module may only hand out modules they hold themselves, so a role editor
 * cannot grant itself (or anyone) more than it has; superadmin may grant everything.
 */
export function grantableBy(actor: Pick<AuthUser, 'role' | 'roleModules'>, modules: readonly string[]): boolean {
  if (actor.role === 'superadmin') return true
  const held = new Set(actor.roleModules ?? [])
  return modules.every((m) => held.has(m))
}

export const GRANT_DENIED = 'You can only grant permissions your own role has'

export async function createRole(input: RoleInput): Promise<PlatformRole> {
  const publicId = newPublicId()
  await platformDb
    .insertInto('platform_roles')
    .values({ public_id: publicId, name: input.name, key: await freeKey(input.name), permissions: formatModules(input.permissions) })
    .execute()
  return (await findRole(publicId))!
}

/** Renaming keeps the key: users hold the role by id, and API callers may have stored the key. */
export async function updateRole(role: PlatformRole, input: RoleInput): Promise<PlatformRole> {
  await platformDb
    .updateTable('platform_roles')
    .set({ name: input.name, permissions: formatModules(input.permissions), updated_at: new Date() })
    .where('id', '=', role.id)
    .execute()
  return (await findRole(role.public_id))!
}

export type RoleOutcome = { ok: true; role: PlatformRole } | { ok: false; error: typeof GRANT_DENIED }

const described = (role: PlatformRole) => `${role.name} (${role.permissions || 'no modules'})`

/** The role changes as the pages and JSON routes call them: each writes its audit row, refusals included. */
export const roleActions = {
  async create(actor: AuthUser, request: Request, input: RoleInput): Promise<RoleOutcome> {
    const outcome: RoleOutcome = grantableBy(actor, input.permissions) ? { ok: true, role: await createRole(input) } : { ok: false, error: GRANT_DENIED }
    return audited(
      actor,
      request,
      { module: 'roles', action: 'create', message: (o) => (o.ok ? `Created role ${described(o.role)}` : `Create role ${input.name}: ${o.error}`) },
      outcome,
    )
  },
  /** Staff may only touch roles wholly within their own modules, before and after the edit. */
  async update(actor: AuthUser, request: Request, role: PlatformRole, input: RoleInput): Promise<RoleOutcome> {
    const allowed = grantableBy(actor, input.permissions) && grantableBy(actor, parseModules(role.permissions))
    const outcome: RoleOutcome = allowed ? { ok: true, role: await updateRole(role, input) } : { ok: false, error: GRANT_DENIED }
    return audited(
      actor,
      request,
      { module: 'roles', action: 'update', message: (o) => (o.ok ? `Updated role ${described(o.role)}` : `Update role ${role.name}: ${o.error}`) },
      outcome,
    )
  },
}
