// Billing figures for `npm run bench` (issue 9): POST /api/checkout one buyer at a time (trial and
// paid plans, through the Stripe emulator), and how many signed webhook deliveries a second the
// server records and queues.
import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'
import { seedId } from '#db/seed/ids'
import { base, ms, percentile } from './harness'

const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 30)
const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 2000)
const WEBHOOK_CONCURRENCY = Number(process.env.BENCH_WEBHOOK_CONNECTIONS ?? 20)

function buyer(plan: string) {
  const id = randomBytes(5).toString('hex')
  return {
    firstName: 'Bench',
    lastName: 'Buyer',
    email: `bench.${id}@buyer.test`,
    password: 'Bench-pass-2026',
    businessName: `Bench ${id}`,
    address: '1 Bench Road',
    city: 'Austin',
    postalCode: '73301',
    website: 'https://bench.test',
    // A card of its own per buyer: a card has one free trial (ADR 0095).
    payment: `pm_card_visa_x${id}`,
    item: plan,
    subDomain: `bench${id}`,
  }
}

async function checkoutLatency(plan: string) {
  const times: number[] = []
  let failures = 0
  for (let i = 0; i < CHECKOUTS; i++) {
    const started = performance.now()
    // A new address per buyer: the card-testing limit is per address.
    const res = await fetch(`${base}/api/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base, 'Idempotency-Key': randomBytes(16).toString('hex') },
      body: JSON.stringify(buyer(plan)),
    })
    await res.arrayBuffer()
    if (res.status === 200) times.push(performance.now() - started)
    else failures++
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p95: percentile(times, 95), ok: times.length, failures }
}

async function webhookThroughput(secret: string) {
  const stripe = new Stripe('sk_test_bench')
  const payloads = Array.from({ length: WEBHOOKS }, (_, i) =>
    JSON.stringify({
      id: `evt_bench_${randomBytes(6).toString('hex')}_${i}`,
      object: 'event',
      type: 'customer.created',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: `cus_bench_${i}`, object: 'customer' } },
    }),
  )
  let next = 0
  let failures = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: WEBHOOK_CONCURRENCY }, async () => {
      while (next < payloads.length) {
        const payload = payloads[next++]!
        const signature = stripe.webhooks.generateTestHeaderString({ payload, secret })
        const res = await fetch(`${base}/api/webhooks/stripe`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload })
        await res.arrayBuffer()
        if (res.status !== 200) failures++
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  return { perSecond: WEBHOOKS / seconds, failures }
}

export async function billingSection() {
  const rows = []
  for (const [what, plan] of [
    ['checkout, trial plan (Solo)', seedId('client-package:solo')],
    ['checkout, paid plan (Team)', seedId('client-package:team')],
  ] as const) {
    const r = await checkoutLatency(plan)
    rows.push({ what, 'p50 ms': ms(r.p50), 'p95 ms': ms(r.p95), ok: r.ok, failed: r.failures })
  }
  console.log(`\nCheckout, POST /api/checkout one buyer at a time (${CHECKOUTS} each; Stripe is the local emulator):`)
  console.table(rows)
  const secret = process.env.STRIPE_WEBHOOK_SECRET
  if (!secret) return console.log('Webhooks: skipped (no STRIPE_WEBHOOK_SECRET)')
  const hooks = await webhookThroughput(secret)
  console.log(`Webhooks: ${WEBHOOKS} signed deliveries at c=${WEBHOOK_CONCURRENCY}: ${hooks.perSecond.toFixed(0)} per second recorded and answered, ${hooks.failures} not 200`)
}
