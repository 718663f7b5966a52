// The tenant of a background job: the organisation named in its validated payload.
import { tenantDb } from '#app/services/db.server'
import type { TenantScope } from '#db/tenant'

/** The job-side twin of requirePermission(): a guarded handle for the payload's clientId. */
export function tenantForJob(clientId: number): TenantScope {
  return { db: tenantDb(clientId), clientId }
}
