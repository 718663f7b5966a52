// npm run bench: seeds 1,000,000 orders (and 20,000 customers) into Demo Writing Co, then reports the
// orders list (first, deep and last page, search), the project page, and every list page beside its
// JSON route, and the customer portal on the demo organisation's own host. Figures only, never
// pass/fail. A route that answers 404 (not built yet) is skipped.
import { platformDb } from '#app/services/db.server'
import { seededOrderId } from '#db/seed/orders'
import { assertPortFree, CONNECTIONS, DURATION, latency, load, loadAlternating, ms, ownerCookie, probe, startServer } from './harness'
import { billingSection } from './billing'
import { briefSection } from './brief'
import { chatSection } from './chat'
import { dashboardSection } from './dashboard'
import { LIST_PAIRS } from './lists'
import { portalSection } from './portal'
import { remindersSection } from './reminders'
import { reportsSection } from './reports'
import { scaleSection, soakSection } from './scale'
import { BENCH_CUSTOMERS, BENCH_ORDERS, BENCH_SMALL_ORDERS, BENCH_SMALL_ORGANISATIONS, seedLargeCustomers, seedLargeOrders, seedSmallOrganisations } from './seed-large'
import { workSection } from './work'

/** Hops along nextCursor for the "deep" page: 200 pages of 50 = the 10,000th order. */
const DEEP_HOPS = Number(process.env.BENCH_DEEP_HOPS ?? 200)

type Row = Record<string, string | number>
const skipped: string[] = []

async function available(path: string, cookie: string) {
  const { status } = await probe(path, cookie)
  if (status === 404) skipped.push(`${path} (404: not built yet)`)
  else if (status >= 300) skipped.push(`${path} (answers ${status})`)
  return status < 300
}

/** One user at a time: what a request costs without queueing. */
async function latencyRow(what: string, path: string, cookie: string): Promise<Row | null> {
  if (!(await available(path, cookie))) return null
  const { p50, p95, samples } = await latency(path, cookie)
  return { what, path: path.length > 70 ? `${path.slice(0, 67)}...` : path, 'p50 ms': ms(p50), 'p95 ms': ms(p95), samples }
}

async function ordersSection(cookie: string, serverPid: number) {
  const first = await probe('/api/client/orders?size=50', cookie)
  if (first.status !== 200) {
    skipped.push(`orders list (GET /api/client/orders answers ${first.status})`)
    return
  }
  // Walk the keyset cursors the way a user pages forward.
  let answer = JSON.parse(first.body) as { orders: { _id: string }[]; nextCursor?: string | null; lastCursor?: string | null; count: number }
  let deep: string | null = null
  for (let hop = 0; hop < DEEP_HOPS && answer.nextCursor; hop++) {
    deep = answer.nextCursor
    answer = JSON.parse((await probe(`/api/client/orders?size=50&cursor=${encodeURIComponent(deep)}`, cookie)).body)
  }
  const firstAnswer = JSON.parse(first.body) as typeof answer
  const last = firstAnswer.lastCursor ?? null
  const search = 'Customer1234'
  const rows = [
    await latencyRow('orders page, first', '/orders/view', cookie),
    await latencyRow('orders JSON, first', '/api/client/orders?size=50', cookie),
    deep ? await latencyRow(`orders page, page ${DEEP_HOPS + 1}`, `/orders/view?cursor=${encodeURIComponent(deep)}`, cookie) : null,
    deep ? await latencyRow(`orders JSON, page ${DEEP_HOPS + 1}`, `/api/client/orders?size=50&cursor=${encodeURIComponent(deep)}`, cookie) : null,
    last ? await latencyRow('orders page, last', `/orders/view?cursor=${encodeURIComponent(last)}`, cookie) : null,
    last ? await latencyRow('orders JSON, last', `/api/client/orders?size=50&cursor=${encodeURIComponent(last)}`, cookie) : null,
    await latencyRow(`orders page, search "${search}"`, `/orders/view?search=${search}`, cookie),
    await latencyRow(`orders JSON, search "${search}"`, `/api/client/orders?size=50&search=${search}`, cookie),
  ].filter((r): r is Row => r !== null)
  // The project page of a seeded demo order: drafts, activity, tasks and tags to show.
  const project = seededOrderId('demo', 4)
  rows.push(
    ...[await latencyRow('project page', `/project/view/${project}`, cookie), await latencyRow('project JSON', `/api/client/project/${project}`, cookie)].filter(
      (r): r is Row => r !== null,
    ),
  )
  console.log(`\nOrders (${firstAnswer.count} in the default list), one request at a time:`)
  console.table(rows)
  const p50 = (what: string) => Number(rows.find((r) => r.what === what)?.['p50 ms'])
  for (const kind of ['page', 'JSON']) {
    const ratio = p50(`orders ${kind}, page ${DEEP_HOPS + 1}`) / p50(`orders ${kind}, first`)
    const lastRatio = p50(`orders ${kind}, last`) / p50(`orders ${kind}, first`)
    console.log(`Deep ${kind} / first ${kind} (p50): page ${DEEP_HOPS + 1} ${ratio.toFixed(2)}x, last page ${lastRatio.toFixed(2)}x (must be at most 2x)`)
  }
  const underLoad = await load('/api/client/orders?size=50', cookie, DURATION, serverPid)
  console.log(
    `GET /api/client/orders?size=50 at c=${CONNECTIONS}: ${underLoad.rps.toFixed(1)} req/s, p50 ${ms(underLoad.p50)} ms, p95 ${ms(underLoad.p95)} ms, ${underLoad.completed} answered in ${DURATION} s`,
  )
}

/** Each list page and its JSON under the same load, one after the other in this run. */
async function listPagesSection(cookie: string, serverPid: number) {
  const rows: Row[] = []
  for (const pair of LIST_PAIRS) {
    if (!(await available(pair.page, cookie)) || !(await available(pair.json, cookie))) continue
    const [pageBytes, jsonBytes] = [(await probe(pair.page, cookie)).bytes, (await probe(pair.json, cookie)).bytes]
    await load(pair.page, cookie, 1)
    await load(pair.json, cookie, 1)
    const { a: page, b: json } = await loadAlternating(pair.page, pair.json, cookie, DURATION, serverPid)
    rows.push({
      list: pair.name,
      'page req/s': Math.round(page.rps),
      'JSON req/s': Math.round(json.rps),
      'cost x (req/s)': (json.rps / page.rps).toFixed(1),
      'page CPU ms': page.cpuPerRequest.toFixed(2),
      'JSON CPU ms': json.cpuPerRequest.toFixed(2),
      'cost x (CPU)': (page.cpuPerRequest / json.cpuPerRequest).toFixed(1),
      'page kB': Math.round(pageBytes / 1024),
      'JSON kB': Math.round(jsonBytes / 1024),
      'page p95 ms': ms(page.p95),
      'non-2xx': page.failed + json.failed,
    })
  }
  console.log(`\nList pages beside their JSON (c=${CONNECTIONS}, ${DURATION} s each in alternating slices; goal: page cost at most 3x its JSON):`)
  console.table(rows)
}

async function main() {
  await assertPortFree()
  let started = Date.now()
  const customers = await seedLargeCustomers()
  console.log(customers ? `Seeded ${BENCH_CUSTOMERS} bench customers in ${Date.now() - started} ms` : `Bench customers already there (${BENCH_CUSTOMERS})`)
  started = Date.now()
  const orders = await seedLargeOrders()
  console.log(orders ? `Seeded ${BENCH_ORDERS} bench orders in ${((Date.now() - started) / 1000).toFixed(1)} s` : `Bench orders already there (${BENCH_ORDERS})`)
  started = Date.now()
  const small = await seedSmallOrganisations()
  console.log(
    small
      ? `Seeded ${BENCH_SMALL_ORGANISATIONS} small organisations of ${BENCH_SMALL_ORDERS} orders each in ${((Date.now() - started) / 1000).toFixed(1)} s`
      : `Small organisations already there (${BENCH_SMALL_ORGANISATIONS})`,
  )
  const server = await startServer()
  try {
    const cookie = await ownerCookie()
    console.log(`\nOne production server process (${process.env.BUILD_DIR ?? 'build'}); latency from ${process.env.BENCH_SAMPLES ?? 60} sequential requests`)
    // BENCH_ONLY=orders|lists|portal|brief|billing|dashboard|chat|reminders|reports|work|scale|soak runs one section (or several, comma-separated).
    const wanted = (section: string) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(',').includes(section)
    if (wanted('orders')) await ordersSection(cookie, server.pid)
    if (wanted('lists')) await listPagesSection(cookie, server.pid)
    if (wanted('portal')) await portalSection(server.pid)
    if (wanted('brief')) await briefSection()
    if (wanted('billing')) await billingSection()
    if (wanted('dashboard')) await dashboardSection()
    if (wanted('chat')) await chatSection(server.pid)
    if (wanted('reminders')) await remindersSection()
    if (wanted('reports')) await reportsSection()
    if (wanted('work')) await workSection(server.pid)
    if (wanted('scale')) await scaleSection(server.pid)
    // Ten minutes of both cores: only when asked for by name (BENCH_ONLY=soak or npm run bench -- soak).
    if (process.env.BENCH_ONLY?.split(',').includes('soak')) await soakSection(server.pid)
    if (skipped.length) console.log(`\nSkipped: ${skipped.join('; ')}`)
  } finally {
    await server.stop()
    await platformDb.destroy()
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
