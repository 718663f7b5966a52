// Demo data for the platform domain: platform roles, two platform staff, audit rows for both orgs, and
// the subscription plans and promotions (placeholder provider ids: seeding never calls Stripe, ADR 0032;
// the demo organisation's own plan has the price its subscription uses, a fixture of the emulator, ADR 0057).
import argon2 from 'argon2'
import type { Kysely } from 'kysely'
import type { Database } from '../types'
import { DEMO_PASSWORD, type OrgIds } from './core'
import { seedId } from './ids'
import { DEMO_PLANS } from './plans'
import { DEMO_STRIPE } from './stripe-fixtures'

export { DEMO_PLANS } from './plans'

export const DEMO_ROLES = [
  { key: 'support', name: 'Support', permissions: 'users,clients,audit-logs' },
  { key: 'billing', name: 'Billing', permissions: 'client_packages,promotions,payments' },
  { key: 'content', name: 'Content', permissions: 'roles,questionnaire-template,contract-template' },
] as const

export const DEMO_STAFF = [
  { email: 'support@demo.test', firstName: 'Sue', lastName: 'Support', role: 'support' },
  { email: 'billing@demo.test', firstName: 'Bill', lastName: 'Billing', role: 'billing' },
] as const

const ALL_CRM = JSON.stringify(
  Object.fromEntries(
    [
      'campaigns',
      'contacts',
      'workflows',
      'triggers',
      'funnels',
      'websites',
      'opportunities',
      'dashboardStats',
      'bulkRequests',
      'appointments',
      'reviews',
      'onlineListings',
      'phoneCall',
      'conversations',
      'assignedDataOnly',
      'adwordsReporting',
      'membership',
      'facebookAdsReporting',
      'attributionsReporting',
      'settings',
      'tags',
      'leadValue',
      'marketing',
    ].map((k) => [`${k}Enabled`, true]),
  ),
)

export const DEMO_PROMOTIONS = [
  { code: 'WELCOME20', type: 'percent', value: 20, max: 100, used: 3, duration: 'repeating', months: 3 },
  { code: 'TENOFF', type: 'flat', value: 10, max: 50, used: 0, duration: 'once', months: null },
] as const

type AuditSeed = { module: string; action: string; status: 'success' | 'failure'; message: string; actor: string; role: string; ip: string }

const ORG_LOGS: Record<keyof OrgIds, AuditSeed[]> = {
  demo: [
    { module: 'auth', action: 'login', status: 'success', message: 'Signed in', actor: 'owner@demo.test', role: 'client', ip: '203.0.113.10' },
    { module: 'auth', action: 'login', status: 'failure', message: 'Failed login for staff@demo.test', actor: 'staff@demo.test', role: 'user', ip: '203.0.113.11' },
    { module: 'customers', action: 'create', status: 'success', message: 'Created customer Casey Customer', actor: 'owner@demo.test', role: 'client', ip: '203.0.113.10' },
    { module: 'orders', action: 'assign_writer', status: 'success', message: 'Assigned Wendy Writer to order #1001', actor: 'owner@demo.test', role: 'client', ip: '203.0.113.10' },
    { module: 'products', action: 'update', status: 'success', message: 'Updated product Resume Essentials', actor: 'owner@demo.test', role: 'client', ip: '203.0.113.10' },
    { module: 'website-settings', action: 'update', status: 'failure', message: 'Subdomain already taken', actor: 'owner@demo.test', role: 'client', ip: '203.0.113.10' },
  ],
  rival: [
    { module: 'auth', action: 'login', status: 'success', message: 'Signed in', actor: 'owner2@demo.test', role: 'client', ip: '198.51.100.20' },
    { module: 'customers', action: 'create', status: 'success', message: 'Created customer Riley Rival-Customer', actor: 'owner2@demo.test', role: 'client', ip: '198.51.100.20' },
    { module: 'orders', action: 'archive', status: 'success', message: 'Archived order #2001', actor: 'owner2@demo.test', role: 'client', ip: '198.51.100.20' },
  ],
}

const PLATFORM_LOGS: AuditSeed[] = [
  { module: 'auth', action: 'login', status: 'success', message: 'Signed in', actor: 'superadmin@demo.test', role: 'superadmin', ip: '192.0.2.1' },
  {
    module: 'roles',
    action: 'create',
    status: 'success',
    message: 'Created role Support (users,clients,audit-logs)',
    actor: 'superadmin@demo.test',
    role: 'superadmin',
    ip: '192.0.2.1',
  },
  { module: 'users', action: 'create', status: 'success', message: 'Created platform user support@demo.test', actor: 'superadmin@demo.test', role: 'superadmin', ip: '192.0.2.1' },
]

export async function seedPlatform(db: Kysely<Database>, orgIds: OrgIds): Promise<void> {
  for (const r of DEMO_ROLES) {
    await db
      .insertInto('platform_roles')
      .values({ public_id: seedId(`platform-role:${r.key}`), name: r.name, key: r.key, permissions: r.permissions, created_at: new Date('2026-03-01T09:00:00Z') })
      .onDuplicateKeyUpdate({ name: r.name })
      .execute()
  }

  const passwordHash = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 })
  for (const s of DEMO_STAFF) {
    const role = await db.selectFrom('platform_roles').select('id').where('key', '=', s.role).executeTakeFirstOrThrow()
    await db
      .insertInto('users')
      .values({
        public_id: seedId(`user:${s.email}`),
        email: s.email,
        password_hash: passwordHash,
        first_name: s.firstName,
        last_name: s.lastName,
        platform_role_id: role.id,
        created_at: new Date('2026-03-01T09:00:00Z'),
      })
      .onDuplicateKeyUpdate({ first_name: s.firstName })
      .execute()
  }

  // Spread over the last days of a fixed month so the list has an order; the public ids make reruns no-ops.
  // Accounts are per realm (ADR 0011): an actor is looked up in the realm of the log row.
  const accounts = await db.selectFrom('users').select(['id', 'email', 'realm', 'first_name', 'last_name']).execute()
  const userIds = new Map(accounts.map((u) => [`${u.realm}:${u.email}`, u.id]))
  const names = new Map(accounts.map((u) => [`${u.realm}:${u.email}`, `${u.first_name} ${u.last_name}`]))
  const rows = [
    ...(Object.entries(ORG_LOGS) as [keyof OrgIds, AuditSeed[]][]).flatMap(([org, logs]) => logs.map((l, i) => ({ ...l, clientId: orgIds[org], tag: `${org}:${i}` }))),
    ...PLATFORM_LOGS.map((l, i) => ({ ...l, clientId: null, tag: `platform:${i}` })),
  ]
  for (const [i, l] of rows.entries()) {
    await db
      .insertInto('audit_logs')
      .values({
        public_id: seedId(`audit:${l.tag}`),
        client_id: l.clientId,
        user_id: userIds.get(`${l.clientId ?? 0}:${l.actor}`) ?? null,
        user_name: names.get(`${l.clientId ?? 0}:${l.actor}`) ?? null,
        user_role: l.role,
        module: l.module,
        action: l.action,
        status: l.status,
        host_ip: l.ip,
        message: l.message,
        created_at: new Date(Date.UTC(2026, 2, 10, 9, i * 7)),
      })
      .onDuplicateKeyUpdate({ module: l.module })
      .execute()
  }

  await seedBilling(db)
}

async function seedBilling(db: Kysely<Database>): Promise<void> {
  for (const [i, p] of DEMO_PLANS.entries()) {
    await db
      .insertInto('client_packages')
      .values({
        public_id: seedId(`client-package:${p.key}`),
        package_name: p.name,
        max_users: p.maxUsers,
        price_cents: p.priceCents,
        stripe_price_id: p.key === DEMO_STRIPE.planKey ? DEMO_STRIPE.priceId : `price_seed_${p.key.replace(/-/g, '_')}`,
        stripe_product_id: p.key === DEMO_STRIPE.planKey ? DEMO_STRIPE.productId : `prod_seed_${p.key.replace(/-/g, '_')}`,
        trial_package: p.trialDays !== undefined,
        trial_days: p.trialDays ?? null,
        one_time_pay: p.oneTimePay ?? false,
        leads_package: p.leads ?? false,
        users_upgrade_package: p.upgrade ?? false,
        recurring_interval: p.interval ?? 'month',
        description: p.description,
        is_visible: p.visible ?? true,
        active: p.active ?? true,
        crm_user_permissions: ALL_CRM,
        max_crm_users: p.leads ? 3 : 1,
        created_at: new Date(Date.UTC(2026, 2, 1, 9, i)),
      })
      .onDuplicateKeyUpdate({ package_name: p.name })
      .execute()
  }
  for (const [i, p] of DEMO_PROMOTIONS.entries()) {
    await db
      .insertInto('promotions')
      .values({
        public_id: seedId(`promotion:${p.code}`),
        coupon_code: p.code,
        discount_type: p.type,
        value: p.value,
        max_redemptions: p.max,
        availed_times: p.used,
        duration: p.duration,
        duration_in_months: p.months,
        redeem_by: new Date('2030-12-31T23:59:59Z'),
        stripe_coupon_id: `coupon_seed_${p.code.toLowerCase()}`,
        stripe_promotion_code_id: `promo_seed_${p.code.toLowerCase()}`,
        created_at: new Date(Date.UTC(2026, 2, 2, 9, i)),
      })
      .onDuplicateKeyUpdate({ coupon_code: p.code })
      .execute()
  }
}
