// The dashboard rollups' scheduled reconcile across organisations (ADR 0043): each organisation in turn,
// through its own guarded handle; one that fails does not stop the others.
import { platformDb, tenantForJob } from '#app/services/db.server'
import { reconcileAnalytics } from './analytics.server'

export type ReconcilePassResult = { organisations: number; rebuilt: number; mismatched: number; failed: number }

export async function reconcileAllAnalytics(opts: { check: boolean; now?: Date }): Promise<ReconcilePassResult> {
  const result: ReconcilePassResult = { organisations: 0, rebuilt: 0, mismatched: 0, failed: 0 }
  const orgs = await platformDb.selectFrom('organisations').select('id').orderBy('id').execute()
  for (const org of orgs) {
    try {
      const r = await reconcileAnalytics(tenantForJob(org.id), opts)
      result.organisations++
      if (r.rebuilt) result.rebuilt++
      if (r.ok === false) result.mismatched++
    } catch (error) {
      result.failed++
      console.error(`[analytics] reconciling organisation ${org.id} failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return result
}
