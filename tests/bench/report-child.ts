// One order report generated alone in this process (tests/bench/reports.ts starts it), so its
// memory is the job's own: prints one JSON line with time, rows, bytes and peak memory.
import { generateOrderReport } from '#app/models/order-report-csv.server'
import { platformDb, tenantDb } from '#app/services/db.server'

const clientId = Number(process.env.REPORT_CLIENT_ID)
const reportId = String(process.env.REPORT_ID)

const peak = { rss: 0, heapUsed: 0 }
const sample = () => {
  const m = process.memoryUsage()
  peak.rss = Math.max(peak.rss, m.rss)
  peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed)
}
sample()
const before = process.memoryUsage()
const timer = setInterval(sample, 25)
const started = process.hrtime.bigint()
const outcome = await generateOrderReport({ db: tenantDb(clientId), clientId }, reportId)
const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6
clearInterval(timer)
sample()
console.log(
  JSON.stringify({
    outcome,
    elapsedMs,
    startRss: before.rss,
    startHeap: before.heapUsed,
    peakRss: peak.rss,
    peakHeap: peak.heapUsed,
    // The kernel's high-water mark of the whole process (kB on Linux), which sampling can miss.
    maxRssKb: process.resourceUsage().maxRSS,
  }),
)
await platformDb.destroy()
process.exit(0)
