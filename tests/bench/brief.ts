// The customer's brief for `npm run bench` (issue 25, ADR 0061), on Demo Writing Co's own host: autosave of a
// 50-item questionnaire (each save sends every answer, as the page does), one customer at a time and ten at once.
import http from 'node:http'
import { platformDb } from '#app/services/db.server'
import { createPublishedForm } from '#tests/factories/brief'
import { TEST_PASSWORD } from '#tests/factories/index'
import { createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import { ms, percentile, port } from './harness'

const ITEMS = 50
const SAVES = Number(process.env.BENCH_BRIEF_SAVES ?? 200)
const AT_ONCE = Number(process.env.BENCH_BRIEF_CONNECTIONS ?? 10)

const agent = new http.Agent({ keepAlive: true })

function post(host: string, path: string, body: unknown, cookie?: string): Promise<{ status: number; cookies: string[] }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Host: host, Origin: `http://${host}`, 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) }
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path, headers, agent }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

/** A customer of the demo organisation with an order whose workflow holds a published 50-question form, signed in. */
async function customerWithForm(clientId: number, host: string, n: number) {
  const items = Array.from({ length: ITEMS }, (_, i) => ({
    id: `q${i}`,
    type: i % 5 === 4 ? ('long_text' as const) : ('short_text' as const),
    text: `Question ${i + 1}`,
    required: true,
  }))
  const form = await createPublishedForm(clientId, `Bench intake ${n}`, items)
  const product = await createProductWithWorkflow(clientId, { name: `Bench brief ${n}`, modules: [{ id: form.publicId, title: form.name }] })
  const customer = await createCustomer(clientId)
  const order = await createOrder(clientId, { customerUserId: customer.userId, productId: product.productId })
  const login = await post(host, '/api/portal/auth/login', { email: customer.email, password: TEST_PASSWORD })
  const cookie = login.cookies.find((c) => c.startsWith('__session='))
  if (!cookie) throw new Error(`bench customer sign-in answered ${login.status}`)
  return { cookie, path: `/api/portal/orders/${order.public_id}/answers`, formId: form.publicId, items }
}

export async function briefSection() {
  const org = await platformDb.selectFrom('organisations').select(['id', 'subdomain']).where('name', '=', 'Demo Writing Co').executeTakeFirstOrThrow()
  const host = `${org.subdomain}.${new URL(process.env.PUBLIC_URL ?? 'http://localhost').hostname}:${port}`
  const customers = await Promise.all(Array.from({ length: AT_ONCE }, (_, n) => customerWithForm(org.id, host, n)))
  const save = async (c: (typeof customers)[number], i: number) => {
    const answers = Object.fromEntries(c.items.map((item) => [item.id, `${item.text} answer ${i} `.repeat(item.type === 'long_text' ? 20 : 2)]))
    const started = performance.now()
    const res = await post(host, c.path, { moduleId: c.formId, answers, submit: false }, c.cookie)
    return { ms: performance.now() - started, ok: res.status === 200 }
  }
  const rows: Record<string, string | number>[] = []
  for (const [label, width] of [
    ['one customer at a time', 1],
    [`${AT_ONCE} customers at once`, AT_ONCE],
  ] as const) {
    const times: number[] = []
    let failed = 0
    for (let i = 0; i < SAVES / width; i++) {
      const round = await Promise.all(customers.slice(0, width).map((c) => save(c, i)))
      for (const r of round) {
        times.push(r.ms)
        if (!r.ok) failed++
      }
    }
    times.sort((a, b) => a - b)
    rows.push({ what: `autosave, ${ITEMS} answers, ${label}`, 'p50 ms': ms(percentile(times, 50)), 'p95 ms': ms(percentile(times, 95)), saves: times.length, 'non-2xx': failed })
  }
  console.log('\nThe brief (POST /api/portal/orders/{id}/answers on the demo host):')
  console.table(rows)
}
