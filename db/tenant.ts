// Tenant isolation: scoped query builders and a plugin that refuses tenant queries without client_id.
import {
  type Kysely,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely'
import type { Database } from './types'

/** Tables whose rows belong to one organisation. Every later tenant table is added here. */
export const TENANT_TABLES = new Set<string>(['memberships', 'organisation_settings', 'audit_logs'])

export class TenantGuardError extends Error {
  constructor(kind: string, table: string) {
    super(`Tenant guard: ${kind} on ${table} without a client_id ${kind === 'insert' ? 'value' : 'predicate'}`)
  }
}

function tablesOf(node: unknown, found = new Set<string>()): Set<string> {
  if (!node || typeof node !== 'object') return found
  const n = node as Record<string, any>
  if (n.kind === 'TableNode' && n.table?.identifier?.name) found.add(n.table.identifier.name)
  for (const [key, value] of Object.entries(n)) {
    // Sub-queries in WHERE are checked on their own when they reach the plugin as part of this tree.
    if (key === 'where' || key === 'returning') continue
    if (Array.isArray(value)) value.forEach((v) => tablesOf(v, found))
    else if (value && typeof value === 'object') tablesOf(value, found)
  }
  return found
}

function mentionsClientId(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false
  const n = node as Record<string, any>
  if (n.kind === 'ColumnNode' && n.column?.name === 'client_id') return true
  return Object.values(n).some((v) => (Array.isArray(v) ? v.some(mentionsClientId) : mentionsClientId(v)))
}

export function assertTenantScoped(node: RootOperationNode | OperationNode): void {
  const root = node as Record<string, any>
  if (root.kind === 'InsertQueryNode') {
    const table = root.into?.table?.identifier?.name
    if (TENANT_TABLES.has(table) && !(root.columns ?? []).some((c: any) => c.column?.name === 'client_id')) {
      throw new TenantGuardError('insert', table)
    }
    return
  }
  if (!['SelectQueryNode', 'UpdateQueryNode', 'DeleteQueryNode'].includes(root.kind)) return
  const tables = [...tablesOf({ from: root.from, table: root.table, joins: root.joins, using: root.using })]
  const tenantTable = tables.find((t) => TENANT_TABLES.has(t))
  if (tenantTable && !mentionsClientId(root.where)) {
    throw new TenantGuardError(root.kind.replace('QueryNode', '').toLowerCase(), tenantTable)
  }
}

export class TenantGuardPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    assertTenantScoped(args.node)
    return args.node
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result
  }
}

type TenantTable = 'memberships' | 'organisation_settings' | 'audit_logs'

/** What every model function receives: the database and the organisation it acts for. */
export type TenantScope = { db: Kysely<Database>; clientId: number }

export function scoped<T extends TenantTable>(t: TenantScope, table: T) {
  return t.db.selectFrom(table as TenantTable).where(`${table as TenantTable}.client_id` as any, '=', t.clientId)
}

export function scopedUpdate<T extends TenantTable>(t: TenantScope, table: T) {
  return t.db.updateTable(table as TenantTable).where('client_id' as any, '=', t.clientId)
}

export function scopedDelete<T extends TenantTable>(t: TenantScope, table: T) {
  return t.db.deleteFrom(table as TenantTable).where('client_id' as any, '=', t.clientId)
}
