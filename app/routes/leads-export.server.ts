// The CSV answer of a lead export (ADR 0050): written as the rows are read, so a long list never sits in memory.
import { exportLeadRows } from '#app/models/leads.server'
import type { LeadListFilter } from '#app/models/leads.schema'
import { LEAD_CSV_HEADER, leadCsvFields } from '#app/rules/leads'
import { csvLine } from '#app/rules/csv'
import type { TenantScope } from '#db/tenant'

export function leadsCsvResponse(t: TenantScope, filter: LeadListFilter, now = new Date()): Response {
  const rows = exportLeadRows(t, filter)
  const encoder = new TextEncoder()
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // A BOM, so spreadsheet programs read names with accents as UTF-8.
      controller.enqueue(encoder.encode(`\uFEFF${csvLine([...LEAD_CSV_HEADER])}`))
    },
    async pull(controller) {
      try {
        const next = await rows.next()
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(csvLine(leadCsvFields(next.value))))
      } catch (error) {
        controller.error(error)
      }
    },
    async cancel() {
      await rows.return(undefined)
    },
  })
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="leads-${now.toISOString().slice(0, 10)}.csv"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
