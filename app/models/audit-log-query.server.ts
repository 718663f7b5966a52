// The audit log query shape both listings share: filters, one page with its total, the filter options.
import type { SelectQueryBuilder } from 'kysely'
import type { AuditQuery } from './audit-logs.schema'
import { scopedJoin, type TenantScope } from '#db/tenant'
import type { Database } from '#db/types'
import { withTotal } from './list-total.server'

export type AuditBase = SelectQueryBuilder<Database, 'audit_logs', Record<never, never>>

/**
 * The page's filter may stand for several raw values written by different parts of the app (a module's
 * variants, rules/audit-labels); the JSON API filters by the one raw value it was given.
 */
export type AuditVariants = { moduleIn?: string[]; actionIn?: string[] }

export function withFilters(base: AuditBase, q: Pick<AuditQuery, 'module' | 'action' | 'status'> & AuditVariants): AuditBase {
  let query = base
  if (q.moduleIn?.length) query = query.where('audit_logs.module', 'in', q.moduleIn)
  else if (q.module) query = query.where('audit_logs.module', '=', q.module)
  if (q.actionIn?.length) query = query.where('audit_logs.action', 'in', q.actionIn)
  else if (q.action) query = query.where('audit_logs.action', '=', q.action)
  if (q.status) query = query.where('audit_logs.status', '=', q.status as 'success' | 'failure')
  return query
}

/**
 * One page, newest first, on the (client_id, created_at, id) index; plus the total for the pager.
 * An organisation's page (t given) joins only its own accounts; the platform's joins any.
 */
export async function pageOfLogs(base: AuditBase, q: AuditQuery & AuditVariants, t?: TenantScope) {
  const filtered = withFilters(base, q)
  const { rows, count } = await withTotal(
    { offset: (q.page - 1) * q.size, size: q.size },
    filtered
      .leftJoin('users as u', (j) => (t ? scopedJoin(t, 'u', j.onRef('u.id', '=', 'audit_logs.user_id')) : j.onRef('u.id', '=', 'audit_logs.user_id')))
      .leftJoin('organisations as o', 'o.id', 'audit_logs.client_id')
      .select([
        'audit_logs.public_id',
        'audit_logs.user_name',
        'audit_logs.user_role',
        'audit_logs.module',
        'audit_logs.action',
        'audit_logs.status',
        'audit_logs.host_ip',
        'audit_logs.message',
        'audit_logs.created_at',
        'u.first_name',
        'u.last_name',
        'o.name as organisation',
      ])
      .orderBy('audit_logs.created_at', 'desc')
      .orderBy('audit_logs.id', 'desc')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    () => filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  )
  return {
    logs: rows.map((r) => ({
      _id: r.public_id,
      user: {
        // The name at the time of the action, unless the person still exists.
        firstName: r.first_name ?? r.user_name?.split(' ')[0] ?? '',
        lastName: r.last_name ?? r.user_name?.split(' ').slice(1).join(' ') ?? '',
        role: r.user_role ?? '',
      },
      organisation: r.organisation,
      module: r.module,
      action: r.action,
      status: r.status,
      host_ip: r.host_ip,
      message: r.message,
      createdAt: r.created_at.toISOString(),
    })),
    count,
  }
}

export type AuditLogJson = Awaited<ReturnType<typeof pageOfLogs>>['logs'][number]

/** The distinct module, action and status values for the filter selects, in the database's order:
 * one round trip (a union), not one per filter. */
export async function filterOptions(base: AuditBase) {
  const distinct = (column: 'module' | 'action' | 'status') => base.select((eb) => [eb.val(column).as('k'), `audit_logs.${column} as v`]).distinct()
  const rows = await distinct('module').unionAll(distinct('action')).unionAll(distinct('status')).orderBy('k').orderBy('v').execute()
  const of = (column: 'module' | 'action' | 'status') => rows.filter((r) => r.k === column).map((r) => String(r.v))
  return { modules: of('module'), actions: of('action'), statuses: of('status') }
}
