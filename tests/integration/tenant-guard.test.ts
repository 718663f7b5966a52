// The tenant guard against the real database: scoped helpers work, another tenant's rows stay out of reach.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { membersQuery } from '#app/models/people.server'
import { requirePermission } from '#app/models/auth-guards.server'
import { db, platformDb, tenantForJob } from '#app/services/db.server'
import { scoped, scopedAs, scopedDelete, scopedInsert, scopedJoin, scopedUpdate, TenantGuardError } from '#db/tenant'
import { createTenant } from '#tests/factories/index'
import { Client, signIn } from './helpers'

async function twoTenants() {
  const a = await createTenant()
  const b = await createTenant()
  return { a, b, ta: tenantForJob(a.org.id) }
}

describe('tenant guard plugin', () => {
  it('keeps the raw handle off tenant tables, even with a client_id predicate', async () => {
    const { a } = await twoTenants()
    await expect(db.selectFrom('memberships').selectAll().execute()).rejects.toThrow(TenantGuardError)
    await expect(db.selectFrom('users').select('id').where('client_id', '=', a.org.id).execute()).rejects.toThrow(TenantGuardError)
    await expect(db.updateTable('memberships').set({ active: true }).where('id', '=', 1).execute()).rejects.toThrow(TenantGuardError)
    await expect(db.deleteFrom('organisation_settings').where('client_id', '=', a.org.id).execute()).rejects.toThrow(TenantGuardError)
    await expect(sql`SELECT 1`.execute(db)).rejects.toThrow(TenantGuardError)
    await expect(db.selectFrom('organisations').select('id').limit(1).execute()).resolves.toBeDefined()
  })

  it('lets scoped queries through and keeps them inside their tenant', async () => {
    const { a, b, ta } = await twoTenants()
    expect((await scoped(ta, 'memberships').select(['user_id']).execute()).map((r) => r.user_id)).toEqual([a.owner.id])
    expect((await membersQuery(ta).select('u.id').execute()).map((r) => r.id)).toEqual([a.owner.id])
    const joined = await scopedAs(ta, 'memberships', 'm')
      .innerJoin('users as u', (j) => scopedJoin(ta, 'u', j.onRef('u.id', '=', 'm.user_id')))
      .select('u.email')
      .execute()
    expect(joined).toHaveLength(1)
    const updated = await scopedUpdate(ta, 'memberships').set({ leads_only: false }).where('user_id', '=', b.owner.id).executeTakeFirst()
    expect(Number(updated.numUpdatedRows)).toBe(0)
    const deleted = await scopedDelete(ta, 'memberships').where('user_id', '=', b.owner.id).executeTakeFirst()
    expect(Number(deleted.numDeletedRows)).toBe(0)
    await scopedInsert(ta, 'hidden_templates', { kind: 'form', template_id: 1 }).execute()
    expect(await platformDb.selectFrom('hidden_templates').select('client_id').where('client_id', 'in', [a.org.id, b.org.id]).execute()).toEqual([{ client_id: a.org.id }])
  })

  it("refuses every trick that would reach another tenant's rows, and changes nothing", async () => {
    const { a, b, ta } = await twoTenants()
    const before = await platformDb.selectFrom('memberships').selectAll().where('client_id', '=', b.org.id).execute()
    // Thunks: a sub-query built on a guarded handle is already checked when it is embedded.
    const tricks = [
      () =>
        ta.db
          .selectFrom('memberships')
          .selectAll()
          .where((eb) => eb.or([eb('client_id', '=', a.org.id), eb('client_id', '=', b.org.id)])),
      () => ta.db.selectFrom('memberships').selectAll().where('client_id', '!=', a.org.id),
      () => ta.db.selectFrom('memberships').selectAll().where('client_id', '=', b.org.id),
      () => scoped(ta, 'memberships').selectAll().union(ta.db.selectFrom('memberships').selectAll()),
      () => scoped(ta, 'memberships').select((eb) => eb.selectFrom('users').select('email').whereRef('users.id', '=', 'memberships.user_id').as('email')),
      () => membersQuery(ta).innerJoin('users as other', 'other.email', 'u.email').select('other.id'),
      () => scopedUpdate(ta, 'memberships').set({ client_id: b.org.id }),
      () => ta.db.updateTable('memberships').set({ active: false }).where('user_id', '=', b.owner.id),
      () => ta.db.deleteFrom('memberships').where('user_id', '=', b.owner.id),
      () => ta.db.insertInto('hidden_templates').values({ kind: 'form', template_id: 1, client_id: b.org.id }),
    ]
    for (const trick of tricks) await expect(async () => trick().execute()).rejects.toThrow(TenantGuardError)
    await expect(sql`SELECT * FROM memberships WHERE client_id = ${b.org.id}`.execute(ta.db)).rejects.toThrow(TenantGuardError)
    expect(await platformDb.selectFrom('memberships').selectAll().where('client_id', '=', b.org.id).execute()).toEqual(before)
  })

  it('guards transactions opened on a tenant handle', async () => {
    const { b, ta } = await twoTenants()
    await expect(ta.db.transaction().execute(async (trx) => trx.selectFrom('memberships').selectAll().where('client_id', '=', b.org.id).execute())).rejects.toThrow(
      TenantGuardError,
    )
  })

  it("gives a request the guarded handle of its session's organisation", async () => {
    const client = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    const t = await requirePermission(new Request('http://localhost/api/permissions', { headers: { Cookie: client.cookie } }))
    const other = await createTenant()
    expect((await scoped(t, 'memberships').select('client_id').execute()).every((r) => r.client_id === t.clientId)).toBe(true)
    await expect(t.db.selectFrom('memberships').selectAll().where('client_id', '=', other.org.id).execute()).rejects.toThrow(TenantGuardError)
  })

  it('leaves platformDb unguarded for platform code', async () => {
    await expect(platformDb.selectFrom('memberships').select('id').limit(1).execute()).resolves.toBeDefined()
    await expect(sql`SELECT 1`.execute(platformDb)).resolves.toBeDefined()
  })
})
