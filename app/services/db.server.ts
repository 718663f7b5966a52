// The database handles of the app process: one guarded per organisation, a raw one that refuses
// tenant tables, and the unguarded platform handle. Routes never import them; models do.
import type { Kysely } from 'kysely'
import { createDatabase } from '#db/connection'
import { type TenantScope, withTenantGuard } from '#db/tenant'
import type { Database } from '#db/types'

const globalForDb = globalThis as unknown as { __draftdeskBaseDb?: Kysely<Database> }
const base = (globalForDb.__draftdeskBaseDb ??= createDatabase())

/**
 * Platform-level queries that legitimately span organisations (superadmin screens, login lookup
 * by e-mail, sessions, the audit writer). Only app/models/platform-*.server.ts, the auth and
 * account models and the session service may use it.
 */
export const platformDb = base

/** For tables no organisation owns (templates); any tenant table or raw SQL through it is refused. */
export const db = withTenantGuard(base, null)

const tenantHandles = new Map<number, Kysely<Database>>()

/**
 * The handle of one organisation: every query through it must pin each tenant table to this
 * client id. Only the request guards (requirePermission(), through tenantOf()) and tenantForJob() below
 * call it, with the organisation of the session or of a validated job payload.
 */
export function tenantDb(clientId: number): Kysely<Database> {
  let handle = tenantHandles.get(clientId)
  if (!handle) tenantHandles.set(clientId, (handle = withTenantGuard(base, clientId)))
  return handle
}

/** The job-side twin of requirePermission(): a guarded handle for the clientId of a validated job payload. */
export function tenantForJob(clientId: number): TenantScope {
  return { db: tenantDb(clientId), clientId }
}
