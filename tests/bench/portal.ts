// Customer portal figures for `npm run bench` (issue 24), on Demo Writing Co's own host: the shop and
// the cart page beside their JSON under load, and the checkout submit of fresh one-product carts.
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { platformDb } from '#app/services/db.server'
import { paymentsService } from '#app/services/stripe.server'
import { createConnectedAccount } from '#tests/factories/connect'
import { CONNECTIONS, cpuMs, DURATION, load, loadAlternating, ms, percentile, port, probe, type Target } from './harness'

const CHECKOUTS = Number(process.env.BENCH_PORTAL_CHECKOUTS ?? 60)
/** The second checkout run: a few buyers at once (a launch day), not c=50 (each one is a card payment). */
const CHECKOUT_CONNECTIONS = Number(process.env.BENCH_PORTAL_CHECKOUT_CONNECTIONS ?? 5)
/** Products in the measured cart (the issue: a cart of two or three). */
const CART_PRODUCTS = 3

type Row = Record<string, string | number>

const agent = new http.Agent({ keepAlive: true })

/** A JSON call on the tenant host, as the portal's own pages make it (same origin). */
function post(host: string, path: string, body: unknown, cookie?: string): Promise<{ status: number; body: string; cookies: string[] }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Host: host, Origin: `http://${host}`, 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) }
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path, headers, agent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!) }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

/** The demo organisation and its portal host (`<subdomain>.<PUBLIC_URL host>:<bench port>`). */
async function demoPortal() {
  const org = await platformDb.selectFrom('organisations').select(['id', 'subdomain', 'stripe_connect_account_id']).where('name', '=', 'Demo Writing Co').executeTakeFirstOrThrow()
  const publicHost = new URL(process.env.PUBLIC_URL ?? 'http://localhost').hostname
  return { org, host: `${org.subdomain}.${publicHost}:${port}` }
}

/**
 * The shop only sells when the organisation's connected account takes charges. The seed may give the
 * demo one; otherwise (or when this run's emulator does not know it) one is made here, at this run's
 * Stripe emulator through the payments service, and stored on the organisation.
 */
async function ensureTakingPayments(org: { id: number; stripe_connect_account_id: string | null }) {
  if (org.stripe_connect_account_id) {
    const account = await paymentsService()
      .getConnectAccount(org.stripe_connect_account_id)
      .catch(() => null)
    if (account?.chargesEnabled) return `the seeded connected account ${account.id}`
  }
  return `a connected account made for the bench, ${await createConnectedAccount({ clientId: org.id })}`
}

/** A new cart (a new cookie) holding these products. */
async function cartWith(host: string, productIds: string[]) {
  let cookie: string | undefined
  for (const productId of productIds) {
    const added = await post(host, '/api/portal/cart/items', { productId }, cookie)
    if (added.status !== 200) throw new Error(`POST /api/portal/cart/items answered ${added.status}: ${added.body}`)
    cookie = added.cookies.find((c) => /cart=./.test(c)) ?? cookie
  }
  if (!cookie) throw new Error('the cart call set no cart cookie')
  return cookie
}

/** Page and JSON under the same load in alternating slices, as the list pages are measured. */
async function pairRow(name: string, page: string, json: string, cookie: string | undefined, serverPid: number, target: Target): Promise<Row> {
  const [pageProbe, jsonProbe] = [await probe(page, cookie, target), await probe(json, cookie, target)]
  if (pageProbe.status !== 200 || jsonProbe.status !== 200) throw new Error(`${page} answered ${pageProbe.status}, ${json} answered ${jsonProbe.status}`)
  await load(page, cookie, 1, undefined, target)
  await load(json, cookie, 1, undefined, target)
  const { a: p, b: j } = await loadAlternating(page, json, cookie, DURATION, serverPid, 5, target)
  return {
    page: name,
    'page req/s': Math.round(p.rps),
    'JSON req/s': Math.round(j.rps),
    'cost x (req/s)': (j.rps / p.rps).toFixed(1),
    'page CPU ms': p.cpuPerRequest.toFixed(2),
    'JSON CPU ms': j.cpuPerRequest.toFixed(2),
    'cost x (CPU)': (p.cpuPerRequest / j.cpuPerRequest).toFixed(1),
    'page p50 ms': ms(p.p50),
    'page p95 ms': ms(p.p95),
    'JSON p50 ms': ms(j.p50),
    'JSON p95 ms': ms(j.p95),
    'page kB': (pageProbe.bytes / 1024).toFixed(1),
    'JSON kB': (jsonProbe.bytes / 1024).toFixed(1),
    'non-2xx': p.failed + j.failed,
  }
}

/** The demo customer's session on the host (customer@demo.test, the demo password). */
async function customerSession(host: string): Promise<string> {
  const res = await post(host, '/api/portal/auth/login', { email: 'customer@demo.test', password: 'Demo-pass-2026' })
  const cookie = res.cookies.find((c) => /session=./.test(c))
  if (res.status !== 200 || !cookie) throw new Error(`The demo customer's sign-in answered ${res.status}: ${res.body.slice(0, 200)}`)
  return cookie
}

const guest = () => ({
  firstName: 'Bench',
  lastName: 'Buyer',
  email: `bench.portal.${randomBytes(6).toString('hex')}@buyer.test`,
  password: 'Bench-pass-2026',
  contractName: 'Bench Buyer',
  payment: 'pm_card_visa',
})

/**
 * CHECKOUTS guests each paying a one-product cart (made beforehand, so only the submit is timed and
 * its server CPU counted), `connections` at a time.
 */
async function checkoutRow(host: string, productId: string, connections: number, serverPid: number): Promise<Row> {
  const carts: string[] = []
  for (let i = 0; i < CHECKOUTS; i++) carts.push(await cartWith(host, [productId]))
  const times: number[] = []
  let failures = 0
  let firstFailure = ''
  const cpuBefore = cpuMs(serverPid)
  const started = performance.now()
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let cart = carts.pop(); cart; cart = carts.pop()) {
        const t0 = performance.now()
        const res = await post(host, '/api/portal/checkout', guest(), cart)
        if (res.status === 200) times.push(performance.now() - t0)
        else {
          failures++
          firstFailure ||= `${res.status} ${res.body.slice(0, 200)}`
        }
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const cpu = (cpuMs(serverPid) - cpuBefore) / Math.max(1, CHECKOUTS)
  if (firstFailure) console.log(`A checkout failed: ${firstFailure}`)
  times.sort((a, b) => a - b)
  return {
    checkout: connections === 1 ? 'one at a time' : `${connections} at a time`,
    paid: times.length,
    'p50 ms': ms(percentile(times, 50)),
    'p95 ms': ms(percentile(times, 95)),
    'per s': (times.length / seconds).toFixed(1),
    'server CPU ms': cpu.toFixed(1),
    failures,
  }
}

export async function portalSection(serverPid: number) {
  const { org, host } = await demoPortal()
  console.log(`\nCustomer portal on ${host}, paid through ${await ensureTakingPayments(org)}`)
  const target = { host }
  const listed = await probe('/api/portal/products', undefined, target)
  if (listed.status !== 200) {
    console.log(`Skipped: GET /api/portal/products answers ${listed.status}`)
    return
  }
  const products = (JSON.parse(listed.body) as { products: { _id: string; name: string }[] }).products
  if (products.length < CART_PRODUCTS) throw new Error(`The demo shop lists ${products.length} products; the cart needs ${CART_PRODUCTS}`)
  const cart = await cartWith(
    host,
    products.slice(0, CART_PRODUCTS).map((p) => p._id),
  )
  const rows = [
    await pairRow(`shop (${products.length} products)`, '/', '/api/portal/products', undefined, serverPid, target),
    await pairRow(`cart (${CART_PRODUCTS} products)`, '/cart', '/api/portal/cart', cart, serverPid, target),
  ]
  const customer = await customerSession(host)
  const order = await probe('/api/portal/orders', customer, target)
  const orderId = (JSON.parse(order.body) as { orders: { _id: string }[] }).orders[0]?._id
  if (orderId) rows.push(await pairRow('my order (the demo customer)', `/my-orders/${orderId}`, `/api/portal/orders/${orderId}`, customer, serverPid, target))
  console.log(`Shop, cart and order pages beside their JSON (c=${CONNECTIONS}, ${DURATION} s each in alternating slices; p95 is the worst slice's):`)
  console.table(rows)
  const checkouts = [await checkoutRow(host, products[0]!._id, 1, serverPid)]
  if (CHECKOUT_CONNECTIONS > 1) checkouts.push(await checkoutRow(host, products[0]!._id, CHECKOUT_CONNECTIONS, serverPid))
  console.log(
    `Checkout submit (POST /api/portal/checkout: a guest account, a direct charge at the emulator, one order, one paid invoice; ${CHECKOUTS} fresh carts of "${products[0]!.name}"):`,
  )
  console.table(checkouts)
}
