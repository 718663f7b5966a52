// JSON answers of the client-users API: list parameters, payload merging and the answer to a staff action.
import { z } from 'zod'
import type { Tenant } from './auth-guards.server'
import { can } from '#app/rules/permissions'
import { zodErrors } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import type { MemberRow } from './people.server'
import { findStaff, type StaffListQuery, type StaffOutcome, toStaffJson, writerProfile, writerProfiles } from './staff.server'
import { fromWriterData, STAFF_SORTS, type StaffSort } from './staff.schema'
import { optionalBool } from './people-fields.schema'

const listQuery = z.object({
  start: z.coerce.number().int().min(0).max(1_000_000).optional(),
  size: z.coerce.number().int().min(1).max(1000).optional(),
  archived: optionalBool,
  active: optionalBool,
  search: z.string().max(100).optional(),
  globalFilter: z.string().max(100).optional(),
  filters: z.string().max(2000).optional(),
  sorting: z.string().max(500).optional(),
  permissions: z.string().max(2000).optional(),
  requiredFields: z.string().max(500).optional(),
})

function parseJson(value: string | undefined): unknown {
  if (!value) return undefined
  try {
    return JSON.parse(value)
  } catch {
    return undefined
  }
}

const SORT_ALIASES: Record<string, StaffSort> = { name: 'name', firstName: 'name', lastName: 'name', email: 'email', role: 'role', roles: 'role', createdAt: 'createdAt' }

export type ParsedStaffQuery = { query: StaffListQuery; requiredFields: string[] | null; hasPermissionFilter: boolean }

/** start/size paging, filters [{id, value}], sorting [{id, desc}], archived, active, permissions and requiredFields. */
export function parseStaffQuery(params: URLSearchParams): { ok: true; value: ParsedStaffQuery } | { ok: false; response: Response } {
  const raw = Object.fromEntries(params)
  if (params.getAll('permissions').length > 1) raw.permissions = params.getAll('permissions').join(',')
  const parsed = listQuery.safeParse(raw)
  if (!parsed.success) {
    const errors = zodErrors(parsed.error)
    return { ok: false, response: apiJson({ status: false, error: Object.values(errors)[0], errors }, 400) }
  }
  const q = parsed.data
  const query: StaffListQuery = { archived: q.archived, active: q.active, start: q.start, size: q.size, search: q.search ?? q.globalFilter }
  const filters = parseJson(q.filters)
  const entries: [string, unknown][] = Array.isArray(filters)
    ? filters.filter((f) => f && typeof f === 'object').map((f: { id?: unknown; value?: unknown }) => [String(f.id), f.value])
    : filters && typeof filters === 'object'
      ? Object.entries(filters)
      : []
  for (const [id, value] of entries) {
    if (typeof value !== 'string' || !value.trim()) continue
    if (id === 'email') query.email = value.trim().slice(0, 100)
    else if (['name', 'firstName', 'lastName', 'fullName'].includes(id)) query.search = value.trim().slice(0, 100)
  }
  const sorting = parseJson(q.sorting)
  const first = Array.isArray(sorting) ? sorting[0] : undefined
  if (first && typeof first === 'object' && SORT_ALIASES[String(first.id)]) {
    query.sort = SORT_ALIASES[String(first.id)]
    query.dir = first.desc ? 'desc' : 'asc'
  }
  const permissionList = parseJson(q.permissions)
  const permissions = Array.isArray(permissionList)
    ? permissionList.map(String)
    : (q.permissions ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
  if (permissions.length > 0) query.permissions = permissions.slice(0, 20)
  const requiredFields = q.requiredFields
    ? q.requiredFields
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean)
    : null
  return { ok: true, value: { query, requiredFields, hasPermissionFilter: permissions.length > 0 } }
}

/** Rows as the API shows them; callers without READ_USERS (the assign pickers) get names only. */
export async function staffRowsJson(t: Tenant, rows: MemberRow[], requiredFields: string[] | null) {
  const namesOnly = !can(t.user, { all: ['READ_USERS'] })
  const profiles = namesOnly
    ? new Map()
    : await writerProfiles(
        t,
        rows.map((r) => r.userId),
      )
  const fields = namesOnly ? ['firstName', 'lastName', ...(requiredFields ?? []).filter((f) => f === 'writerCustomerFacingName')] : requiredFields
  return rows.map((row) => {
    const full = toStaffJson(row, profiles.get(row.userId))
    if (!fields) return full
    const picked: Record<string, unknown> = { _id: full._id }
    for (const f of fields) if (f in full) picked[f] = full[f as keyof typeof full]
    return picked
  })
}

/** A PATCH may carry only some fields: the rest keep their current values. */
export async function mergeWithCurrent(t: Tenant, id: string, body: Record<string, unknown>): Promise<Record<string, unknown> | null> {
  const current = await findStaff(t, id)
  if (!current) return null
  const profile = await writerProfile(t, current.userId)
  const merged = fromWriterData(body)
  return {
    firstName: current.firstName,
    lastName: current.lastName,
    permissions: current.permissions,
    levels: profile?.levels ?? [],
    services: profile?.services ?? [],
    languages: profile?.languages ?? [],
    certificates: profile?.certificates ?? [],
    expertise: profile?.expertise ?? [],
    availableDays: profile?.available_days ?? [],
    schedulingLink: profile?.scheduling_link ?? undefined,
    ...Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)),
  }
}

/** The JSON answer of a staff action (which already wrote its audit row). */
export async function staffAnswer(t: Tenant, outcome: StaffOutcome, success: string) {
  if (!outcome.ok) return apiJson({ status: false, error: outcome.error, message: outcome.error }, outcome.status)
  const user = toStaffJson(outcome.user, await writerProfile(t, outcome.user.userId))
  return apiJson({ status: true, message: success, user, data: user })
}

export { STAFF_SORTS }
