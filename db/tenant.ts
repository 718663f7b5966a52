// Tenant isolation: scoped query builders and a plugin that refuses tenant queries without client_id.
import {
  type DeleteQueryBuilder,
  type DeleteResult,
  type Insertable,
  type Kysely,
  type SelectQueryBuilder,
  sql,
  type UpdateQueryBuilder,
  type UpdateResult,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely'
import { CONTENT_TENANT_TABLES } from './tables/content'
import { CORE_TENANT_TABLES } from './tables/core'
import { PEOPLE_TENANT_TABLES } from './tables/people'
import { PLATFORM_TENANT_TABLES } from './tables/platform'
import { WORKFLOW_TENANT_TABLES } from './tables/workflows'
import type { Database } from './types'

/** Tables whose rows belong to one organisation; each domain lists its own in db/tables/. */
export const TENANT_TABLE_NAMES = [
  ...CORE_TENANT_TABLES,
  ...PEOPLE_TENANT_TABLES,
  ...PLATFORM_TENANT_TABLES,
  ...WORKFLOW_TENANT_TABLES,
  ...CONTENT_TENANT_TABLES,
] as const
export type TenantTable = (typeof TENANT_TABLE_NAMES)[number] & keyof Database
export const TENANT_TABLES = new Set<string>(TENANT_TABLE_NAMES)

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

/** What every model function receives: the database and the organisation it acts for. */
export type TenantScope = { db: Kysely<Database>; clientId: number }

/** SELECT … FROM table WHERE table.client_id = tenant. */
export function scoped<T extends TenantTable>(t: TenantScope, table: T): SelectQueryBuilder<Database, T, {}> {
  return t.db.selectFrom(table as TenantTable).where(sql.ref(`${table}.client_id`), '=', t.clientId) as any
}

/** SELECT … FROM table AS alias WHERE alias.client_id = tenant (for joins). */
export function scopedAs<T extends TenantTable, A extends string>(t: TenantScope, table: T, alias: A) {
  return t.db
    .selectFrom(`${table} as ${alias}` as any)
    .where(sql.ref(`${alias}.client_id`), '=', t.clientId) as unknown as SelectQueryBuilder<Database & { [K in A]: Database[T] }, A, {}>
}

export function scopedUpdate<T extends TenantTable>(t: TenantScope, table: T): UpdateQueryBuilder<Database, T, T, UpdateResult> {
  return t.db.updateTable(table as TenantTable).where(sql.ref('client_id'), '=', t.clientId) as any
}

export function scopedDelete<T extends TenantTable>(t: TenantScope, table: T): DeleteQueryBuilder<Database, T, DeleteResult> {
  return t.db.deleteFrom(table as TenantTable).where(sql.ref('client_id'), '=', t.clientId) as any
}

/** INSERT with the tenant's client_id filled in, whatever the caller passed. */
export function scopedInsert<T extends TenantTable>(t: TenantScope, table: T, values: Omit<Insertable<Database[T]>, 'client_id'> | Omit<Insertable<Database[T]>, 'client_id'>[]) {
  const rows = (Array.isArray(values) ? values : [values]).map((v) => ({ ...v, client_id: t.clientId }))
  return t.db.insertInto(table as TenantTable).values(rows as any)
}
