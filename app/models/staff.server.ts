// Client staff: owner, users, contributors (WRITER) and reviewers (REVIEWER) with their permissions and profiles.
// `staffActions` is the one write path of the staff page and the staff JSON routes: each validates, writes and audits.
import { sql } from 'kysely'
import type { Tenant } from './auth-guards.server'
import { mayManageMember, OUT_OF_REACH } from '#app/rules/reach'
import { countKey, rememberedValue } from '#app/services/count-cache.server'
import { env } from '#app/services/env.server'
import { hashPassword } from '#app/services/password.server'
import { revokeUserSessions } from '#app/services/session.server'
import { closePermissions, hasFullAccess, type PermissionAction } from '#app/rules/permissions'
import { FULL_PERMISSION_SET, isContributor, roleBadges } from '#app/rules/people'
import type { SortDir } from '#app/rules/table-query'
import { scoped, scopedAs, scopedInsert, scopedUpdate } from '#db/tenant'
import type { WriterProfile } from '#db/tables/people'
import { audited, impersonatorOf } from './audit.server'
import { realmDisplayName } from '#app/rules/realm'
import { sendResetLink } from './password-reset.server'
import { holdingSeats, userSeatRefusal } from './subscription.server'
import { createMember, describeStatusChange, MEMBER_COLUMNS, type MemberRow, membersQuery, searchMembers, sortMembers } from './people.server'
import {
  BORROWED_SESSION,
  GRANT_DENIED,
  NOT_A_CONTRIBUTOR,
  OWN_ROW,
  OWNER_ROW,
  type StaffCreateInput,
  type StaffSort,
  type StaffUpdateInput,
  USER_EXISTS,
  USER_IS_CUSTOMER,
  type WriterProfileInput,
} from './staff.schema'
import { withTotal } from './list-total.server'

export type StaffError = { ok: false; status: 400 | 403 | 404; error: string }
const fail = (status: StaffError['status'], error: string): StaffError => ({ ok: false, status, error })

export type WriterData = {
  Levels: string[]
  Services: string[]
  Languages: string[]
  Certificates: string[]
  Experties: string[]
  'Available Days': string[]
  schedulingLink: string | null
}

export function toWriterData(profile: WriterProfile | undefined | null): WriterData {
  return {
    Levels: profile?.levels ?? [],
    Services: profile?.services ?? [],
    Languages: profile?.languages ?? [],
    Certificates: profile?.certificates ?? [],
    Experties: profile?.expertise ?? [],
    'Available Days': profile?.available_days ?? [],
    schedulingLink: profile?.scheduling_link ?? null,
  }
}

export function toStaffJson(row: MemberRow, profile?: WriterProfile | null) {
  const permissions = row.permissions ?? []
  return {
    _id: row.publicId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    permissions,
    active: row.active,
    archived: row.archived,
    profile_img: row.profileImg,
    preferredClientSideName: row.customerFacingName,
    writerCustomerFacingName: row.customerFacingName,
    tags: roleBadges(row.role, permissions),
    createdAt: row.createdAt.toISOString(),
    ...(isContributor(permissions) ? { writer_data: toWriterData(profile) } : {}),
  }
}
export type StaffJson = ReturnType<typeof toStaffJson>

function staffQuery(t: Tenant) {
  return membersQuery(t).where('m.role', 'in', ['client', 'user'])
}

export type StaffListQuery = {
  archived?: boolean
  active?: boolean
  search?: string
  email?: string
  /** Only people holding every one of these (e.g. REVIEWER for the reviewer picker). */
  permissions?: string[]
  sort?: StaffSort
  dir?: SortDir
  start?: number
  size?: number
}

export async function listStaff(t: Tenant, q: StaffListQuery): Promise<{ rows: MemberRow[]; count: number }> {
  let base = staffQuery(t).where('m.archived', '=', !!q.archived)
  if (q.active !== undefined) base = base.where('m.active', '=', q.active)
  for (const p of q.permissions ?? []) base = base.where(sql<boolean>`JSON_CONTAINS(m.permissions, ${JSON.stringify(p)})`)
  if (q.email) base = base.where('u.email', 'like', `%${q.email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  base = searchMembers(base, q.search ?? '')
  const { rows, count } = await withTotal(
    { offset: q.start ?? 0, size: q.size ?? 5000 },
    sortMembers(base.select([...MEMBER_COLUMNS]), q.sort ?? 'name', q.dir ?? 'asc')
      .limit(q.size ?? 5000)
      .offset(q.start ?? 0)
      .execute(),
    () => base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  )
  return { rows: rows as MemberRow[], count }
}

export async function findStaff(t: Tenant, publicId: string): Promise<MemberRow | undefined> {
  return (await staffQuery(t)
    .select([...MEMBER_COLUMNS])
    .where('u.public_id', '=', publicId)
    .executeTakeFirst()) as MemberRow | undefined
}

export async function writerProfiles(t: Tenant, userIds: number[]): Promise<Map<number, WriterProfile>> {
  if (userIds.length === 0) return new Map()
  const rows = await scoped(t, 'writer_profiles').selectAll().where('user_id', 'in', userIds).execute()
  return new Map(rows.map((r) => [r.user_id, r]))
}

export async function writerProfile(t: Tenant, userId: number): Promise<WriterProfile | undefined> {
  return (await writerProfiles(t, [userId])).get(userId)
}

export type OrdersStats = { totalOrders: number; pendingOrders: number; completedOrders: number }

/**
 * Orders per contributor in one grouped query: all assigned, completed (100 percent) and the rest pending.
 * The query reads every assigned order, seconds at 1,000,000 orders for each project page and assign dialog,
 * so counts that add up to COUNT_CACHE_FROM or more are remembered for 30 s, as long list totals are (ADR 0105).
 */
export async function ordersStatsOfWriters(t: Tenant, userIds: number[]): Promise<Map<number, OrdersStats>> {
  if (userIds.length === 0) return new Map()
  const key = countKey(
    'writer-orders',
    t.clientId,
    [...userIds].sort((a, b) => a - b),
  )
  const entries = await rememberedValue(
    key,
    async () => [...(await countOrdersOfWriters(t, userIds))],
    (counted) => counted.reduce((n, [, s]) => n + s.totalOrders, 0) >= env().COUNT_CACHE_FROM,
    (raw) => {
      try {
        return JSON.parse(raw) as [number, OrdersStats][]
      } catch {
        return null
      }
    },
  )
  return new Map(entries)
}

async function countOrdersOfWriters(t: Tenant, userIds: number[]): Promise<Map<number, OrdersStats>> {
  const stats = new Map<number, OrdersStats>()
  const rows = await scopedAs(t, 'orders', 'o')
    .select((eb) => [
      'o.writer_id',
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.sum<number | string>(eb.case().when('o.status_percentage', '>=', 100).then(1).else(0).end()).as('completed'),
    ])
    .where('o.writer_id', 'in', userIds)
    .groupBy('o.writer_id')
    .execute()
  for (const r of rows) {
    const total = Number(r.total)
    const done = Number(r.completed ?? 0)
    stats.set(Number(r.writer_id), { totalOrders: total, pendingOrders: total - done, completedOrders: done })
  }
  return stats
}

/** Contributors for the assign dialog, with their profile and order counts. */
export async function listWriters(t: Tenant, q: { active?: boolean }) {
  const { rows } = await listStaff(t, { active: q.active, permissions: ['WRITER'], sort: 'name', dir: 'asc' })
  const ids = rows.map((r) => r.userId)
  const [profiles, stats] = await Promise.all([writerProfiles(t, ids), ordersStatsOfWriters(t, ids)])
  return rows.map((r) => ({
    _id: r.publicId,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    active: r.active,
    profile_img: r.profileImg,
    writerCustomerFacingName: r.customerFacingName,
    writer_data: toWriterData(profiles.get(r.userId)),
    ordersStats: stats.get(r.userId) ?? { totalOrders: 0, pendingOrders: 0, completedOrders: 0 },
  }))
}

/** The permission list to store: the editor's closure rules, and 'Grant Full Permissions' expanded. */
export function requestedPermissions(input: { permissions: string[]; fullPermissions: boolean }): PermissionAction[] {
  return closePermissions(input.fullPermissions ? [...input.permissions, ...FULL_PERMISSION_SET] : input.permissions)
}

/** Staff who are not full-access may only hand out (or take away) permissions they hold themselves. */
function grantAllowed(t: Tenant, before: string[], after: string[]): boolean {
  if (hasFullAccess(t.user)) return true
  const held = new Set(t.user.permissions)
  const changed = [...after.filter((a) => !before.includes(a)), ...before.filter((a) => !after.includes(a))]
  return changed.every((a) => held.has(a))
}

/** Nobody changes their own row, and the owner's row is not staff's to change. */
function guardTarget(t: Tenant, target: MemberRow | undefined): StaffError | null {
  if (!target) return fail(404, 'User not found')
  if (target.userId === t.user.id) return fail(403, OWN_ROW)
  if (target.role === 'client') return fail(403, OWNER_ROW)
  return null
}

export async function saveWriterProfile(t: Tenant, userId: number, input: WriterProfileInput) {
  const values = {
    levels: JSON.stringify(input.levels),
    services: JSON.stringify(input.services),
    languages: JSON.stringify(input.languages),
    certificates: JSON.stringify(input.certificates),
    expertise: JSON.stringify(input.expertise),
    available_days: JSON.stringify(input.availableDays),
    scheduling_link: input.schedulingLink ?? null,
  }
  await scopedInsert(t, 'writer_profiles', { user_id: userId, ...values })
    .onDuplicateKeyUpdate({ ...values, updated_at: new Date() })
    .execute()
}

export type StaffOutcome = { ok: true; user: MemberRow } | StaffError

export async function createStaff(t: Tenant, input: StaffCreateInput): Promise<StaffOutcome> {
  const permissions = requestedPermissions(input)
  if (!grantAllowed(t, [], permissions)) return fail(403, GRANT_DENIED)
  // The subscription's user limit (its plan's users times its quantity, ADR 0038), checked and taken under
  // the organisation's seat lock, so parallel creates cannot all take the last seat (issue 28).
  const created = await holdingSeats(t, async (held) => {
    const full = await userSeatRefusal(held)
    return full ? { full } : createMember(held, { ...input, role: 'user', permissions })
  })
  if ('full' in created) return fail(400, created.full)
  if (!created.ok) return fail(400, created.existingRole === 'customer' ? USER_IS_CUSTOMER : USER_EXISTS)
  if (isContributor(permissions)) await saveWriterProfile(t, created.userId, input)
  return { ok: true, user: (await findStaff(t, created.publicId))! }
}

/** Credentials and status reach only people whose permissions the actor holds too (ADR 13). */
function guardCredentials(t: Tenant, target: MemberRow | undefined): StaffError | null {
  const denied = guardTarget(t, target)
  if (denied) return denied
  return mayManageMember(t.user, target!) ? null : fail(403, OUT_OF_REACH)
}

export async function updateStaff(t: Tenant, publicId: string, input: StaffUpdateInput): Promise<StaffOutcome> {
  const target = await findStaff(t, publicId)
  const denied = input.password ? guardCredentials(t, target) : guardTarget(t, target)
  if (denied) return denied
  const permissions = requestedPermissions(input)
  if (!grantAllowed(t, target!.permissions, permissions)) return fail(403, GRANT_DENIED)
  // The account is this organisation's own (ADR 0011), so setting its password touches no other realm.
  const passwordHash = input.password ? await hashPassword(input.password) : undefined
  await scopedUpdate(t, 'users')
    .set({
      first_name: input.firstName,
      last_name: input.lastName,
      ...(passwordHash ? { password_hash: passwordHash, password_changed_at: new Date() } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', target!.userId)
    .execute()
  await scopedUpdate(t, 'memberships')
    .set({ permissions: JSON.stringify(permissions), updated_at: new Date() })
    .where('id', '=', target!.membershipId)
    .execute()
  if (isContributor(permissions)) await saveWriterProfile(t, target!.userId, input)
  if (passwordHash) await revokeUserSessions(target!.userId)
  return { ok: true, user: (await findStaff(t, publicId))! }
}

export async function setStaffStatus(t: Tenant, publicId: string, change: { active?: boolean; archived?: boolean }): Promise<StaffOutcome> {
  const target = await findStaff(t, publicId)
  const denied = guardCredentials(t, target)
  if (denied) return denied
  const write = (on: Tenant = t) =>
    scopedUpdate(on, 'memberships')
      .set({
        ...(change.active !== undefined ? { active: change.active } : {}),
        ...(change.archived !== undefined ? { archived: change.archived } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', target!.membershipId)
      .execute()
  // Unarchiving takes a seat back: the same check as a create, under the same lock (issue 28).
  if (change.archived === false && target!.archived) {
    const full = await holdingSeats(t, async (held) => {
      const refusal = await userSeatRefusal(held)
      if (!refusal) await write(held)
      return refusal
    })
    if (full) return fail(400, full)
  } else {
    await write()
  }
  // The account belongs to this organisation alone (ADR 11): deactivating it ends all its sessions at once.
  if (change.active === false || change.archived === true) await revokeUserSessions(target!.userId)
  return { ok: true, user: (await findStaff(t, publicId))! }
}

export async function setCustomerFacingName(t: Tenant, publicId: string, name: string): Promise<StaffOutcome> {
  const target = await findStaff(t, publicId)
  if (!target) return fail(404, 'User not found')
  if (target.userId === t.user.id) return fail(403, OWN_ROW)
  if (!isContributor(target.permissions)) return fail(400, NOT_A_CONTRIBUTOR)
  await scopedUpdate(t, 'memberships')
    .set({ customer_facing_name: name || null, updated_at: new Date() })
    .where('id', '=', target.membershipId)
    .execute()
  return { ok: true, user: (await findStaff(t, publicId))! }
}

/** E-mails the person a link to choose their own password (no admin ever types it); the subset rule holds. */
export async function sendStaffResetLink(t: Tenant, publicId: string): Promise<StaffOutcome> {
  const target = await findStaff(t, publicId)
  const denied = guardCredentials(t, target)
  if (denied) return denied
  await sendResetLink({ id: target!.userId, email: target!.email, client_id: t.clientId }, realmDisplayName(t.clientId, t.user.organisationName))
  return { ok: true, user: target! }
}

/** A staff change's audit message: `success` of the user, or the refusal and whom (`subject`) it was about. */
const said = (subject: string, success: (user: MemberRow) => string) => (outcome: StaffOutcome) => (outcome.ok ? success(outcome.user) : `${outcome.error} (${subject})`)

/**
 * Managing the team from a log-in-as session is refused: the target's contributor and reviewer
 * switches are lent to the actor for their work, and must not become grants, passwords or statuses.
 */
async function unlessBorrowed(request: Request, change: () => Promise<StaffOutcome>): Promise<StaffOutcome> {
  return (await impersonatorOf(request)) ? fail(403, BORROWED_SESSION) : change()
}

/** The staff page and the staff JSON routes call these, so each rule (and its audit row) lives once. */
export const staffActions = {
  async create(t: Tenant, request: Request, input: StaffCreateInput) {
    return audited(
      t,
      request,
      { module: 'users', action: 'create', message: said(input.email, (u) => `Created user ${u.email}`) },
      await unlessBorrowed(request, () => createStaff(t, input)),
    )
  },
  async update(t: Tenant, request: Request, publicId: string, input: StaffUpdateInput) {
    const outcome = await unlessBorrowed(request, () => updateStaff(t, publicId, input))
    return audited(
      t,
      request,
      { module: 'users', action: 'update', message: said(`user ${publicId}`, (u) => `Updated user ${u.email}${input.password ? ' and set a new password' : ''}`) },
      outcome,
    )
  },
  async setStatus(t: Tenant, request: Request, publicId: string, change: { active?: boolean; archived?: boolean }) {
    return audited(
      t,
      request,
      { module: 'users', action: 'change_status', message: said(`user ${publicId}`, (u) => `User ${u.email} ${describeStatusChange(change)}`) },
      await unlessBorrowed(request, () => setStaffStatus(t, publicId, change)),
    )
  },
  async setCustomerFacingName(t: Tenant, request: Request, publicId: string, name: string) {
    const outcome = await setCustomerFacingName(t, publicId, name)
    return audited(
      t,
      request,
      { module: 'users', action: 'customer_facing_name', message: said(`user ${publicId}`, (u) => `Customer-facing name of ${u.email} set to '${name}'`) },
      outcome,
    )
  },
  async sendResetLink(t: Tenant, request: Request, publicId: string) {
    return audited(
      t,
      request,
      { module: 'users', action: 'send_reset_link', message: said(`user ${publicId}`, (u) => `Sent a password reset link to ${u.email}`) },
      await unlessBorrowed(request, () => sendStaffResetLink(t, publicId)),
    )
  },
}
