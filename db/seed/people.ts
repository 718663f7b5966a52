// Demo data for the people domain: customers, contributors with profiles and staff with varied permissions.
import { randomBytes } from 'node:crypto'
import argon2 from 'argon2'
import type { Kysely } from 'kysely'
import { FULL_PERMISSION_SET } from '../../app/rules/people'
import type { Database, MembershipRole } from '../types'
import { DEMO_PASSWORD, type OrgIds } from './core'
import { seedId } from './ids'

const FIRST = [
  'Ava',
  'Liam',
  'Mia',
  'Noah',
  'Emma',
  'Oliver',
  'Sofia',
  'Lucas',
  'Isla',
  'Ethan',
  'Chloe',
  'Mason',
  'Grace',
  'Leo',
  'Zoe',
  'Henry',
  'Ruby',
  'Jack',
  'Nora',
  'Owen',
  'Lily',
  'Caleb',
  'Hazel',
  'Eli',
]
const LAST = [
  'Anderson',
  'Brooks',
  'Carter',
  'Diaz',
  'Evans',
  'Foster',
  'Garcia',
  'Hughes',
  'Iverson',
  'Jensen',
  'Kim',
  'Lopez',
  'Morgan',
  'Nguyen',
  'Ortiz',
  'Patel',
  'Quinn',
  'Reed',
  'Singh',
  'Turner',
  'Usman',
  'Vasquez',
  'Walsh',
  'Young',
]

type SeedPerson = {
  email: string
  firstName: string
  lastName: string
  role: MembershipRole
  permissions?: string[] | 'full'
  active?: boolean
  archived?: boolean
  customerFacingName?: string
  createdAt: Date
  canSignIn?: boolean
  profile?: { levels: string[]; services: string[]; languages: string[]; certificates: string[]; expertise: string[]; days: string[]; link: string | null }
}

const BASE = Date.parse('2026-03-02T09:00:00Z')
const at = (hours: number) => new Date(BASE + hours * 3600_000)

function customers(org: 'demo' | 'rival', count: number): SeedPerson[] {
  return Array.from({ length: count }, (_, k) => {
    const i = k + 1
    return {
      email: `customer${String(i).padStart(3, '0')}@${org}-customers.test`,
      firstName: FIRST[i % FIRST.length]!,
      lastName: LAST[(i * 7) % LAST.length]!,
      role: 'customer',
      archived: i % 25 === 0,
      active: i % 17 !== 0,
      createdAt: at(i * 5),
    }
  })
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']
const profile = (n: number, extra: Partial<NonNullable<SeedPerson['profile']>> = {}): NonNullable<SeedPerson['profile']> => ({
  levels: [
    ['Entry', 'Mid'],
    ['Mid', 'Senior'],
    ['Senior', 'Executive'],
  ][n % 3]!,
  services: [
    ['Resume', 'Cover Letter'],
    ['Resume', 'LinkedIn'],
    ['Cover Letter', 'Custom'],
    ['Resume', 'Cover Letter', 'LinkedIn'],
  ][n % 4]!,
  languages: [['English'], ['English', 'Spanish'], ['English', 'German'], ['English', 'French']][n % 4]!,
  certificates: [['CPRW'], ['CPRW', 'NCRW'], ['CMRW'], []][n % 4]!,
  expertise: [['Technology', 'Finance'], ['Healthcare'], ['Education', 'Government'], ['Marketing', 'Sales']][n % 4]!,
  days: n % 2 === 0 ? WEEKDAYS : ['Monday', 'Wednesday', 'Friday', 'Saturday'],
  link: `https://calendly.com/draftdesk-demo/writer-${n}`,
  ...extra,
})

const WRITER_NAMES: [string, string][] = [
  ['Priya', 'Shah'],
  ['Marcus', 'Bell'],
  ['Elena', 'Rossi'],
  ['Tomas', 'Novak'],
  ['Hannah', 'Cole'],
  ['Diego', 'Ramos'],
  ['Amara', 'Okafor'],
  ['Felix', 'Wagner'],
]

function demoTeam(): SeedPerson[] {
  const writers = WRITER_NAMES.map(([firstName, lastName], k): SeedPerson => ({
    email: `writer${k + 1}@demo-staff.test`,
    firstName,
    lastName,
    role: 'user',
    permissions: k === 5 ? ['WRITER', 'REVIEWER'] : ['WRITER'],
    customerFacingName: k % 2 === 0 ? `${firstName} ${lastName[0]}.` : undefined,
    active: k !== 4,
    createdAt: at(-100 + k),
    canSignIn: true,
    profile: profile(k),
  }))
  const staff: SeedPerson[] = [
    { email: 'manager@demo-staff.test', firstName: 'Maya', lastName: 'Manager', role: 'user', permissions: 'full', createdAt: at(-50), canSignIn: true },
    {
      email: 'support@demo-staff.test',
      firstName: 'Sid',
      lastName: 'Support',
      role: 'user',
      permissions: ['READ_CUSTOMERS', 'WRITE_CUSTOMERS', 'UPDATE_CUSTOMERS', 'LOGIN_AS_CUSTOMER', 'READ_ORDERS'],
      createdAt: at(-49),
      canSignIn: true,
    },
    {
      email: 'people@demo-staff.test',
      firstName: 'Petra',
      lastName: 'People',
      role: 'user',
      permissions: ['READ_USERS', 'WRITE_USERS', 'UPDATE_USERS', 'UPDATE_CUSTOMER_FACING_NAME', 'LOGIN_AS_WRITER'],
      createdAt: at(-48),
      canSignIn: true,
    },
    { email: 'reviewer2@demo-staff.test', firstName: 'Rhea', lastName: 'Review', role: 'user', permissions: ['REVIEWER', 'READ_ORDERS'], createdAt: at(-47), canSignIn: true },
    {
      email: 'reviewer3@demo-staff.test',
      firstName: 'Quinn',
      lastName: 'Checker',
      role: 'user',
      permissions: ['REVIEWER', 'READ_ORDERS'],
      createdAt: at(-44),
      canSignIn: true,
      profile: profile(9),
    },
    { email: 'former@demo-staff.test', firstName: 'Fred', lastName: 'Former', role: 'user', permissions: ['READ_ORDERS'], archived: true, createdAt: at(-46), canSignIn: true },
    {
      email: 'paused@demo-staff.test',
      firstName: 'Paula',
      lastName: 'Paused',
      role: 'user',
      permissions: ['READ_ORDERS', 'UPDATE_ORDERS'],
      active: false,
      createdAt: at(-45),
      canSignIn: true,
    },
  ]
  return [...writers, ...staff]
}

function rivalTeam(): SeedPerson[] {
  return [
    { email: 'writer1@rival-staff.test', firstName: 'Rita', lastName: 'Quill', role: 'user', permissions: ['WRITER'], createdAt: at(-30), canSignIn: true, profile: profile(7) },
    {
      email: 'writer2@rival-staff.test',
      firstName: 'Raul',
      lastName: 'Pen',
      role: 'user',
      permissions: ['WRITER', 'REVIEWER'],
      createdAt: at(-29),
      canSignIn: true,
      profile: profile(8),
    },
    {
      email: 'staff@rival-staff.test',
      firstName: 'Rosa',
      lastName: 'Desk',
      role: 'user',
      permissions: ['READ_ORDERS', 'READ_CUSTOMERS', 'READ_USERS'],
      createdAt: at(-28),
      canSignIn: true,
    },
  ]
}

async function chunks<T>(rows: T[], size: number, fn: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await fn(rows.slice(i, i + size))
}

async function seedOrgPeople(db: Kysely<Database>, clientId: number, people: SeedPerson[], hashes: { demo: string; unusable: string }) {
  await chunks(people, 500, (chunk) =>
    db
      .insertInto('users')
      .ignore()
      .values(
        chunk.map((p) => ({
          public_id: seedId(`user:${clientId}:${p.email}`),
          client_id: clientId,
          email: p.email,
          password_hash: p.canSignIn ? hashes.demo : hashes.unusable,
          first_name: p.firstName,
          last_name: p.lastName,
          created_at: p.createdAt,
        })),
      )
      .execute(),
  )
  const ids = new Map<string, number>()
  await chunks(people, 500, async (chunk) => {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('client_id', '=', clientId)
      .where(
        'email',
        'in',
        chunk.map((p) => p.email),
      )
      .execute()
    for (const r of rows) ids.set(r.email, r.id)
  })
  await chunks(people, 500, (chunk) =>
    db
      .insertInto('memberships')
      .ignore()
      .values(
        chunk.map((p) => ({
          client_id: clientId,
          user_id: ids.get(p.email)!,
          role: p.role,
          permissions: JSON.stringify(p.permissions === 'full' ? FULL_PERMISSION_SET : (p.permissions ?? [])),
          active: p.active ?? true,
          archived: p.archived ?? false,
          customer_facing_name: p.customerFacingName ?? null,
          created_at: p.createdAt,
        })),
      )
      .execute(),
  )
  await seedProfiles(
    db,
    clientId,
    people.filter((p) => p.profile).map((p) => ({ userId: ids.get(p.email)!, profile: p.profile! })),
  )
}

async function seedProfiles(db: Kysely<Database>, clientId: number, rows: { userId: number; profile: NonNullable<SeedPerson['profile']> }[]) {
  if (rows.length === 0) return
  await db
    .insertInto('writer_profiles')
    .ignore()
    .values(
      rows.map(({ userId, profile: p }) => ({
        client_id: clientId,
        user_id: userId,
        levels: JSON.stringify(p.levels),
        services: JSON.stringify(p.services),
        languages: JSON.stringify(p.languages),
        certificates: JSON.stringify(p.certificates),
        expertise: JSON.stringify(p.expertise),
        available_days: JSON.stringify(p.days),
        scheduling_link: p.link,
      })),
    )
    .execute()
}

export async function seedPeople(db: Kysely<Database>, orgIds: OrgIds): Promise<void> {
  const options = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const
  // Seeded customers sign in through the customer portal after a reset; nobody knows this password.
  const [demo, unusable] = await Promise.all([argon2.hash(DEMO_PASSWORD, options), argon2.hash(randomBytes(32).toString('hex'), options)])
  const hashes = { demo, unusable }
  await seedOrgPeople(db, orgIds.demo, [...demoTeam(), ...customers('demo', 300)], hashes)
  await seedOrgPeople(db, orgIds.rival, [...rivalTeam(), ...customers('rival', 8)], hashes)
  const wendy = await db.selectFrom('users').select('id').where('client_id', '=', orgIds.demo).where('email', '=', 'writer@demo.test').executeTakeFirst()
  if (wendy) await seedProfiles(db, orgIds.demo, [{ userId: wendy.id, profile: profile(3, { link: 'https://calendly.com/draftdesk-demo/wendy' }) }])
}

/** The portal's demo customer (issue 24), signing in with the demo password on demowriting's host. */
export const DEMO_CUSTOMER = { email: 'customer@demo.test', firstName: 'Casey', lastName: 'Customer' } as const

/**
 * Seeded after the orders, which pick their customers among the organisation's in id order: the demo
 * customer takes none of them (its own come from portal-orders.ts), and every other seeded row stays as it was.
 */
export async function seedPortalCustomer(db: Kysely<Database>, orgIds: OrgIds): Promise<void> {
  const passwordHash = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 })
  const publicId = seedId(`user:${DEMO_CUSTOMER.email}`)
  await db
    .insertInto('users')
    .values({
      public_id: publicId,
      client_id: orgIds.demo,
      email: DEMO_CUSTOMER.email,
      password_hash: passwordHash,
      first_name: DEMO_CUSTOMER.firstName,
      last_name: DEMO_CUSTOMER.lastName,
      created_at: new Date('2026-03-01T09:00:00Z'),
    })
    .onDuplicateKeyUpdate({ first_name: DEMO_CUSTOMER.firstName })
    .execute()
  const user = await db.selectFrom('users').select('id').where('public_id', '=', publicId).executeTakeFirstOrThrow()
  await db
    .insertInto('memberships')
    .values({ client_id: orgIds.demo, user_id: user.id, role: 'customer', permissions: JSON.stringify([]) })
    .onDuplicateKeyUpdate({ role: 'customer' })
    .execute()
}
