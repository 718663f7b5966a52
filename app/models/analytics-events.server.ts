// Where orders, invoices and tips change, the dashboard rollups hear of it (ADR 0043): after the
// write commits, the changed rows' ids go on the analytics queue. A lost event costs nothing
// lasting: the reconcile sweep re-applies whatever changed since its last run.
import type { AnalyticsSource } from '#db/tables/analytics'
import { scoped, type TenantScope } from '#db/tenant'
import { enqueue } from '#app/services/queue.server'

/** The payload's cap: bigger changes (a bulk action) go as several jobs. */
const IDS_PER_JOB = 5000

/** Never throws: the write the user asked for stands even when the queue is unreachable. */
export async function noteAnalyticsChange(t: Pick<TenantScope, 'clientId'>, source: AnalyticsSource, ids: readonly (number | null | undefined)[]): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number' && id > 0).map(Number))]
  try {
    for (let i = 0; i < wanted.length; i += IDS_PER_JOB) await enqueue('analytics', { clientId: t.clientId, source, ids: wanted.slice(i, i + IDS_PER_JOB) })
  } catch (error) {
    console.error(
      `[analytics] ${source} change of organisation ${t.clientId} not queued (the reconcile sweep will apply it): ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}

/** The same for invoices known by their public id (the invoice actions hold those once their transaction is over). */
export async function noteInvoicesChanged(t: TenantScope, publicIds: readonly string[]): Promise<void> {
  try {
    const rows = publicIds.length
      ? await scoped(t, 'order_invoices')
          .select('id')
          .where('public_id', 'in', [...publicIds])
          .execute()
      : []
    await noteAnalyticsChange(
      t,
      'invoice',
      rows.map((r) => r.id),
    )
  } catch (error) {
    console.error(`[analytics] invoice change of organisation ${t.clientId} not queued: ${error instanceof Error ? error.message : String(error)}`)
  }
}
