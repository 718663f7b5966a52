// The checkout's public lookups through the real server (ADR 0034): GET /api/subdomains/validate,
// /api/checkout/getPackageInfo and /api/checkout/getPromoInfo, signed out, with their messages,
// the fields a buyer may see, rate limits (from other loopback addresses) and 405 for other methods.
import http from 'node:http'
import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { SUBDOMAIN_FORMAT } from '#app/rules/subdomain'
import { PACKAGE_ITEM_REQUIRED, PACKAGE_UNAVAILABLE, PROMO_CODE_REQUIRED, PROMO_UNAVAILABLE } from '#app/models/checkout.schema'
import { platformDb } from '#app/services/db.server'
import { limits, TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import { seedId } from '#db/seed/ids'
import { ORIGIN_HEADERS } from './helpers'

const PORT = Number(process.env.PORT ?? 3100)
const uid = randomBytes(4).toString('hex')

/** A loopback address of its own per run: the limits it exhausts touch no other test (nor the next run). */
function freshAddress(): string {
  const [a, b, c] = randomBytes(3)
  return `127.${(a! % 200) + 20}.${b}.${(c! % 250) + 2}`
}

/** A GET from another loopback address: the server sees a different client IP. */
function getFrom(address: string, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: PORT, localAddress: address, method: 'GET', path }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

const plan = (key: string, over: { active?: boolean; is_visible?: boolean } = {}) => ({
  public_id: `ckt${uid}${key}`.slice(0, 24),
  package_name: `Checkout ${key} ${uid}`,
  max_users: 3,
  price_cents: 4950,
  stripe_price_id: `price_seed_ckt_${uid}_${key}`,
  stripe_product_id: `prod_seed_ckt_${uid}_${key}`,
  trial_package: true,
  trial_days: 7,
  recurring_interval: 'year' as const,
  description: 'For teams. 3 users limit.',
  crm_user_permissions: JSON.stringify({ contactsEnabled: true }),
  max_crm_users: 2,
  active: over.active ?? true,
  is_visible: over.is_visible ?? true,
})
const PLANS = { visible: plan('vis'), inactive: plan('off', { active: false }), hidden: plan('hid', { is_visible: false }) }

const DAY = 24 * 3600 * 1000
const promo = (
  key: string,
  over: { type?: 'percent' | 'flat'; used?: number; max?: number; redeemBy?: Date; duration?: 'once' | 'forever' | 'repeating'; months?: number | null } = {},
) => ({
  public_id: `ckt${uid}p${key}`.slice(0, 24),
  coupon_code: `CKT${uid}${key}`.toUpperCase(),
  discount_type: over.type ?? 'percent',
  value: over.type === 'flat' ? 12.5 : 15,
  max_redemptions: over.max ?? 10,
  availed_times: over.used ?? 0,
  duration: over.duration ?? 'once',
  duration_in_months: over.months ?? null,
  redeem_by: over.redeemBy ?? new Date(Date.now() + 30 * DAY),
  stripe_coupon_id: `coupon_seed_ckt_${uid}_${key}`,
  stripe_promotion_code_id: `promo_seed_ckt_${uid}_${key}`,
})
const PROMOS = {
  percent: promo('PCT', { used: 9, duration: 'repeating', months: 3 }),
  flat: promo('FLAT', { type: 'flat', duration: 'forever' }),
  expired: promo('OLD', { redeemBy: new Date(Date.now() - 60_000) }),
  usedUp: promo('FULL', { used: 10, max: 10 }),
}

test.beforeAll(async () => {
  await platformDb.insertInto('client_packages').values(Object.values(PLANS)).execute()
  await platformDb.insertInto('promotions').values(Object.values(PROMOS)).execute()
})

test.afterAll(async () => {
  await platformDb
    .deleteFrom('client_packages')
    .where(
      'public_id',
      'in',
      Object.values(PLANS).map((p) => p.public_id),
    )
    .execute()
  await platformDb
    .deleteFrom('promotions')
    .where(
      'public_id',
      'in',
      Object.values(PROMOS).map((p) => p.public_id),
    )
    .execute()
})

test.describe('GET /api/subdomains/validate', () => {
  test('a free, well-formed name: 200 {status: true}', async ({ request }) => {
    const res = await request.get(`/api/subdomains/validate?subdomain=Free${uid}`)
    expect(res.status()).toBe(200)
    expect(await res.json()).toEqual({ statusCode: 200, status: true })
  })

  test("a seeded organisation's subdomain, in any letter case, is already taken", async ({ request }) => {
    // Demo Writing Co holds 'demowriting' (db/seed/core.ts).
    for (const name of ['demowriting', 'DemoWriting', 'DEMOWRITING']) {
      const res = await request.get(`/api/subdomains/validate?subdomain=${name}`)
      expect(res.status(), name).toBe(200)
      const body = await res.json()
      expect(body, name).toEqual({ statusCode: 200, status: false, error: 'Subdomain is already taken' })
      expect(body.error).toContain('already taken')
    }
  })

  test('reserved names answer as taken, so the checkout appends its suffix', async ({ request }) => {
    for (const name of ['www', 'app', 'api', 'Admin', 'MAIL']) {
      const body = await (await request.get(`/api/subdomains/validate?subdomain=${name}`)).json()
      expect(body, name).toEqual({ statusCode: 200, status: false, error: 'Subdomain is already taken' })
    }
    expect(await (await request.get('/api/subdomains/validate?subdomain=admin4821')).json()).toEqual({ statusCode: 200, status: true })
  })

  test('a bad or missing name: 400 JSON with the format message, never a 5xx', async ({ request }) => {
    const bad = [
      '',
      'subdomain=',
      'subdomain=ab',
      `subdomain=${'a'.repeat(21)}`,
      `subdomain=${'a'.repeat(4000)}`,
      'subdomain=demo-writing',
      'subdomain=demo%20writing',
      'subdomain=demo.writing',
      `subdomain=${encodeURIComponent('café')}`,
      `subdomain=${encodeURIComponent('東京オフィス')}`,
      `subdomain=${encodeURIComponent('😀😀😀')}`,
      'subdomain=%00%00%00',
      'subdomain=%E0%A4%A',
      'subdomain[]=acme',
      'subdomain[$ne]=x',
    ]
    for (const query of bad) {
      const res = await request.get(`/api/subdomains/validate?${query}`)
      expect(res.status(), query.slice(0, 40)).toBe(400)
      expect(await res.json(), query.slice(0, 40)).toMatchObject({ statusCode: 400, status: false, error: SUBDOMAIN_FORMAT })
    }
  })

  test('rate limited per address: 429 JSON once the budget is spent', async () => {
    const address = freshAddress()
    const limiter = limits.subdomainChecksPerIp()
    // Spend all but one point of this address's budget (600) without 600 requests.
    await limiter.penalty(address, limiter.points - 1)
    expect((await getFrom(address, `/api/subdomains/validate?subdomain=last${uid}`)).status).toBe(200)
    const refused = await getFrom(address, `/api/subdomains/validate?subdomain=over${uid}`)
    expect(refused).toEqual({ status: 429, body: { statusCode: 429, status: false, error: TOO_MANY_ATTEMPTS } })
    // Another address is unaffected.
    expect((await getFrom(freshAddress(), `/api/subdomains/validate?subdomain=other${uid}`)).status).toBe(200)
    await limiter.delete(address)
  })
})

test.describe('GET /api/checkout/getPackageInfo', () => {
  test('an active, visible plan: only the fields a buyer may see', async ({ request }) => {
    const res = await request.get(`/api/checkout/getPackageInfo?item=${PLANS.visible.public_id}`)
    expect(res.status()).toBe(200)
    expect(await res.json()).toEqual({
      statusCode: 200,
      status: true,
      package: {
        _id: PLANS.visible.public_id,
        packageName: PLANS.visible.package_name,
        maxUsers: 3,
        price: 49.5,
        trialPackage: true,
        trialDays: 7,
        recurringInterval: 'year',
        oneTimePay: false,
        description: 'For teams. 3 users limit.',
      },
    })
  })

  test('the seeded Solo plan is on sale', async ({ request }) => {
    const body = await (await request.get(`/api/checkout/getPackageInfo?item=${seedId('client-package:solo')}`)).json()
    expect(body.package).toMatchObject({ packageName: 'Solo', maxUsers: 1, price: 29, trialPackage: true, trialDays: 14 })
    expect(JSON.stringify(body)).not.toMatch(/price_seed|prod_seed|crm|priceId|leads|isVisible|active/i)
  })

  test('a hidden, an inactive or an unknown plan: 404 with one message', async ({ request }) => {
    for (const item of [seedId('client-package:agency'), PLANS.hidden.public_id, PLANS.inactive.public_id, `nope${uid}`, 'x'.repeat(500), encodeURIComponent("' OR 1=1 --")]) {
      const res = await request.get(`/api/checkout/getPackageInfo?item=${item}`)
      expect(res.status(), item.slice(0, 40)).toBe(404)
      expect(await res.json()).toEqual({ statusCode: 404, status: false, error: PACKAGE_UNAVAILABLE })
    }
  })

  test('no item: 400', async ({ request }) => {
    for (const query of ['', '?item=', '?item=%20%20']) {
      const res = await request.get(`/api/checkout/getPackageInfo${query}`)
      expect(res.status(), query).toBe(400)
      expect(await res.json()).toMatchObject({ statusCode: 400, status: false, error: PACKAGE_ITEM_REQUIRED })
    }
  })
})

test.describe('GET /api/checkout/getPromoInfo', () => {
  test("a redeemable code, in any letter case: the checkout's names ('flat' answers as 'fixed')", async ({ request }) => {
    const percent = await request.get(`/api/checkout/getPromoInfo?code=${PROMOS.percent.coupon_code.toLowerCase()}`)
    expect(percent.status()).toBe(200)
    expect(await percent.json()).toEqual({
      statusCode: 200,
      status: true,
      promo: { couponCode: PROMOS.percent.coupon_code, discount_type: 'percent', value: 15, duration: 'repeating', duration_in_months: 3 },
    })
    const flat = await (await request.get(`/api/checkout/getPromoInfo?code=${PROMOS.flat.coupon_code}`)).json()
    expect(flat).toEqual({
      statusCode: 200,
      status: true,
      promo: { couponCode: PROMOS.flat.coupon_code, discount_type: 'fixed', value: 12.5, duration: 'forever', duration_in_months: null },
    })
  })

  test('an expired, a used-up or an unknown code: 404 with one message', async ({ request }) => {
    for (const code of [PROMOS.expired.coupon_code, PROMOS.usedUp.coupon_code, `NOPE${uid}`, 'x'.repeat(300), encodeURIComponent('%_')]) {
      const res = await request.get(`/api/checkout/getPromoInfo?code=${code}`)
      expect(res.status(), code.slice(0, 40)).toBe(404)
      expect(await res.json()).toEqual({ statusCode: 404, status: false, error: PROMO_UNAVAILABLE })
    }
  })

  test('no code: 400', async ({ request }) => {
    const res = await request.get('/api/checkout/getPromoInfo?code=')
    expect(res.status()).toBe(400)
    expect(await res.json()).toMatchObject({ statusCode: 400, status: false, error: PROMO_CODE_REQUIRED })
  })

  test('guessing is rate limited per address (20 misses); a real code is not a miss', async () => {
    const guesser = freshAddress()
    const budget = limits.promoMissesPerIp().points
    const statuses = await Promise.all(Array.from({ length: budget + 3 }, (_, i) => getFrom(guesser, `/api/checkout/getPromoInfo?code=GUESS${uid}${i}`)))
    expect(statuses.filter((r) => r.status === 404)).toHaveLength(budget)
    const refused = statuses.filter((r) => r.status === 429)
    expect(refused).toHaveLength(3)
    expect(refused[0]!.body).toEqual({ statusCode: 429, status: false, error: TOO_MANY_ATTEMPTS })
    // Spent is spent: even a real code waits.
    expect((await getFrom(guesser, `/api/checkout/getPromoInfo?code=${PROMOS.flat.coupon_code}`)).status).toBe(429)

    const buyer = freshAddress()
    for (let i = 0; i < budget + 2; i++) expect((await getFrom(buyer, `/api/checkout/getPromoInfo?code=${PROMOS.flat.coupon_code}`)).status).toBe(200)
    await limits.promoMissesPerIp().delete(guesser)
  })
})

test('other methods: 405 JSON', async ({ request }) => {
  for (const path of ['/api/subdomains/validate?subdomain=acme', '/api/checkout/getPackageInfo?item=x', '/api/checkout/getPromoInfo?code=x']) {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await request.fetch(path, { method, headers: ORIGIN_HEADERS, data: {} })
      expect(res.status(), `${method} ${path}`).toBe(405)
      expect(await res.json()).toEqual({ statusCode: 405, status: false, error: 'Method Not Allowed' })
    }
  }
})
