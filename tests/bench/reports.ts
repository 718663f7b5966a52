// Order report figures for `npm run bench` (issue 12, ADR 0048): a CSV of every order of Demo
// Writing Co (the 1,000,000 bench orders) with all 17 fields, and one of its last 30 days, each
// generated in a child process of its own so its memory is the job's. Constant memory means the
// peaks of both runs are alike whatever the row count. Figures, never pass/fail.
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { REPORT_FIELD_KEYS } from '#app/rules/order-reports'
import { newPublicId } from '#app/services/crypto.server'
import { platformDb, tenantDb } from '#app/services/db.server'
import { scopedDelete, scopedInsert } from '#db/tenant'
import { ms } from './harness'

const ORG_NAME = process.env.BENCH_REPORT_ORG ?? 'Demo Writing Co'
const MB = 1024 * 1024

type ChildResult = {
  outcome: { status: string; rows?: number; bytes?: number }
  elapsedMs: number
  startRss: number
  startHeap: number
  peakRss: number
  peakHeap: number
  maxRssKb: number
}

function runChild(env: Record<string, string>): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'tests/bench/report-child.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? ''
      if (code !== 0) return reject(new Error(`report child exited with ${code}: ${out.slice(-500)}`))
      try {
        resolve(JSON.parse(line) as ChildResult)
      } catch {
        reject(new Error(`report child printed no result: ${out.slice(-500)}`))
      }
    })
  })
}

export async function reportsSection() {
  const org = await platformDb.selectFrom('organisations').select('id').where('name', '=', ORG_NAME).executeTakeFirstOrThrow()
  const clientId = Number(org.id)
  const t = { db: tenantDb(clientId), clientId }
  const today = new Date().toISOString().slice(0, 10)
  const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10)
  // Each run writes into a directory of its own, removed afterwards (a 1M-row CSV is ~200 MB).
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-reports-'))
  const rows: Record<string, string | number>[] = []
  try {
    for (const [what, startDate] of [
      ['last 30 days', monthAgo],
      ['every order', '2000-01-01'],
    ] as const) {
      const reportId = newPublicId()
      await scopedInsert(t, 'order_reports', {
        public_id: reportId,
        created_by: null,
        start_date: startDate,
        end_date: today,
        fields: JSON.stringify(REPORT_FIELD_KEYS),
        questionnaires: '[]',
      }).execute()
      const r = await runChild({ REPORT_CLIENT_ID: String(clientId), REPORT_ID: reportId, STORAGE_DIR: dir })
      const count = r.outcome.rows ?? 0
      rows.push({
        report: what,
        rows: count,
        'CSV MB': ((r.outcome.bytes ?? 0) / MB).toFixed(1),
        seconds: (r.elapsedMs / 1000).toFixed(1),
        'rows/s': Math.round(count / (r.elapsedMs / 1000)),
        'start RSS MB': (r.startRss / MB).toFixed(0),
        'peak RSS MB': (r.peakRss / MB).toFixed(0),
        'max RSS MB': (r.maxRssKb / 1024).toFixed(0),
        'peak heap MB': (r.peakHeap / MB).toFixed(0),
        'ms / 1000 rows': count ? ms((r.elapsedMs / count) * 1000) : '-',
      })
      await scopedDelete(t, 'order_reports').where('public_id', '=', reportId).execute()
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  console.log(`\nOrder reports (${ORG_NAME}, all 17 fields, each in its own process; constant memory: peaks alike whatever the rows):`)
  console.table(rows)
}
