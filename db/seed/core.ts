// Demo organisations and the sign-in accounts every environment shows (password Demo-pass-2026).
import type { Kysely } from 'kysely'
import argon2 from 'argon2'
import type { Database, MembershipRole } from '../types'
import { seedId } from './ids'

export const DEMO_PASSWORD = 'Demo-pass-2026'

export const DEMO_ORGS = {
  demo: { key: 'org:demo', name: 'Demo Writing Co', subdomain: 'demowriting' },
  rival: { key: 'org:rival', name: 'Rival Resumes', subdomain: 'rivalresumes' },
} as const

type SeedUser = {
  email: string
  firstName: string
  lastName: string
  superadmin?: boolean
  memberships: { org: keyof typeof DEMO_ORGS; role: MembershipRole; permissions: string[] }[]
}

export const DEMO_USERS: SeedUser[] = [
  { email: 'superadmin@demo.test', firstName: 'Sam', lastName: 'Super', superadmin: true, memberships: [] },
  { email: 'owner@demo.test', firstName: 'Olivia', lastName: 'Owner', memberships: [{ org: 'demo', role: 'client', permissions: [] }] },
  { email: 'staff@demo.test', firstName: 'Stan', lastName: 'Staff', memberships: [{ org: 'demo', role: 'user', permissions: ['READ_ORDERS', 'READ_CUSTOMERS'] }] },
  { email: 'writer@demo.test', firstName: 'Wendy', lastName: 'Writer', memberships: [{ org: 'demo', role: 'user', permissions: ['WRITER'] }] },
  { email: 'reviewer@demo.test', firstName: 'Ray', lastName: 'Reviewer', memberships: [{ org: 'demo', role: 'user', permissions: ['REVIEWER', 'READ_ORDERS'] }] },
  { email: 'owner2@demo.test', firstName: 'Oscar', lastName: 'Rival', memberships: [{ org: 'rival', role: 'client', permissions: [] }] },
  {
    email: 'multi@demo.test',
    firstName: 'Morgan',
    lastName: 'Multi',
    memberships: [
      { org: 'demo', role: 'user', permissions: ['VIEW_DASHBOARD', 'READ_ORDERS', 'READ_CUSTOMERS'] },
      { org: 'rival', role: 'client', permissions: [] },
    ],
  },
]

export type OrgIds = Record<keyof typeof DEMO_ORGS, number>

export async function seedCore(db: Kysely<Database>): Promise<OrgIds> {
  const orgIds = {} as Record<keyof typeof DEMO_ORGS, number>
  for (const [slug, org] of Object.entries(DEMO_ORGS) as [keyof typeof DEMO_ORGS, (typeof DEMO_ORGS)[keyof typeof DEMO_ORGS]][]) {
    const publicId = seedId(org.key)
    await db
      .insertInto('organisations')
      .values({ public_id: publicId, name: org.name, subdomain: org.subdomain, created_at: new Date('2026-03-01T09:00:00Z') })
      .onDuplicateKeyUpdate({ name: org.name })
      .execute()
    const row = await db.selectFrom('organisations').select('id').where('public_id', '=', publicId).executeTakeFirstOrThrow()
    orgIds[slug] = row.id
    await db
      .insertInto('organisation_settings')
      .values({ client_id: row.id, settings: JSON.stringify({}) })
      .onDuplicateKeyUpdate({ client_id: row.id })
      .execute()
  }

  const passwordHash = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 })
  // One account per realm (ADR 0011): multi@demo.test is two accounts that share only the address.
  for (const u of DEMO_USERS) {
    const realms: (keyof typeof DEMO_ORGS | null)[] = u.superadmin ? [null] : u.memberships.map((m) => m.org)
    for (const realm of realms) {
      const clientId = realm === null ? null : orgIds[realm]
      const publicId = seedId(realm === null || realm === u.memberships[0]?.org ? `user:${u.email}` : `user:${realm}:${u.email}`)
      await db
        .insertInto('users')
        .values({
          public_id: publicId,
          client_id: clientId,
          email: u.email,
          password_hash: passwordHash,
          first_name: u.firstName,
          last_name: u.lastName,
          is_superadmin: !!u.superadmin,
          created_at: new Date('2026-03-01T09:00:00Z'),
        })
        .onDuplicateKeyUpdate({ first_name: u.firstName })
        .execute()
      const user = await db.selectFrom('users').select('id').where('public_id', '=', publicId).executeTakeFirstOrThrow()
      const membership = u.memberships.find((m) => m.org === realm)
      if (!membership || clientId === null) continue
      await db
        .insertInto('memberships')
        .values({ client_id: clientId, user_id: user.id, role: membership.role, permissions: JSON.stringify(membership.permissions) })
        .onDuplicateKeyUpdate({ role: membership.role })
        .execute()
    }
  }
  return orgIds
}
