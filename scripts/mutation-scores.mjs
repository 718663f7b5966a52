// Per-file and overall mutation scores from StrykerJS JSON reports (ADRs 0084, 0103 and 0110): one whole run, or
// several runs merged. A later report of a file whose source differs replaces the earlier one's results for it;
// of the same source (the same mutants), its results replace the earlier ones mutant by mutant, so a run of a
// file's lines (`--mutate file:10-20`, e.g. only its static mutants) completes a run that ignored them. A mutant
// left untested (ignored, static under --ignoreStatic) never replaces a result.
//   node scripts/mutation-scores.mjs reports/mutation/mutation.json [more.json ...] [--base before.json[,more.json]]
// The score is Stryker's: (killed + timeout) / (killed + timeout + survived + no coverage); static mutants
// count when the run included them. With --base, each file's score beside the base reports' (merged the same way).
import { readFileSync } from 'node:fs'

const args = process.argv.slice(2)
const baseAt = args.indexOf('--base')
const basePath = baseAt >= 0 ? args.splice(baseAt, 2)[1] : null

const DETECTED = new Set(['Killed', 'Timeout'])
const COUNTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage'])

const keyOf = (m) => `${m.mutatorName} ${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column} ${m.replacement ?? ''}`

/** file -> { total, detected, survived, noCoverage } over the reports, merged as above. */
function tally(paths) {
  const merged = new Map() // file -> { source, mutants: Map(key -> status) }
  for (const path of paths) {
    const report = JSON.parse(readFileSync(path, 'utf8'))
    for (const [file, { source, mutants }] of Object.entries(report.files)) {
      let entry = merged.get(file)
      if (!entry || entry.source !== source) merged.set(file, (entry = { source, mutants: new Map() }))
      for (const m of mutants) {
        const key = keyOf(m)
        if (COUNTED.has(m.status) || !entry.mutants.has(key)) entry.mutants.set(key, m.status)
      }
    }
  }
  const files = new Map()
  for (const [file, { mutants }] of merged) {
    const t = { total: 0, detected: 0, survived: 0, noCoverage: 0 }
    for (const status of mutants.values()) {
      if (!COUNTED.has(status)) continue
      t.total++
      if (DETECTED.has(status)) t.detected++
      else if (status === 'Survived') t.survived++
      else t.noCoverage++
    }
    files.set(file, t)
  }
  return files
}

const pct = (t) => (t && t.total ? ((100 * t.detected) / t.total).toFixed(1) : '-')

const files = tally(args)
const base = basePath ? tally(basePath.split(',')) : null
const rows = [...files.entries()].sort(([a], [b]) => a.localeCompare(b))
const sum = { total: 0, detected: 0, survived: 0, noCoverage: 0 }
console.log(`| file | mutants | killed (incl. timeouts) | survived | no coverage | score |${base ? ' before |' : ''}`)
console.log(`|---|---|---|---|---|---|${base ? '---|' : ''}`)
for (const [file, t] of rows) {
  for (const k of Object.keys(sum)) sum[k] += t[k]
  console.log(`| ${file} | ${t.total} | ${t.detected} | ${t.survived} | ${t.noCoverage} | ${pct(t)}% |${base ? ` ${pct(base.get(file))}% |` : ''}`)
}
let baseSum = null
if (base) {
  baseSum = { total: 0, detected: 0 }
  for (const t of base.values()) {
    baseSum.total += t.total
    baseSum.detected += t.detected
  }
}
console.log(`| **all ${rows.length} files** | ${sum.total} | ${sum.detected} | ${sum.survived} | ${sum.noCoverage} | **${pct(sum)}%** |${baseSum ? ` ${pct(baseSum)}% |` : ''}`)
