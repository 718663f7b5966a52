// The tenant guard refuses any tenant query that forgets client_id, and scoped helpers add it.
import { describe, expect, it } from 'vitest'
import { db } from '#app/services/db.server'
import { scoped, scopedDelete, scopedUpdate, TenantGuardError } from '#db/tenant'
import { createTenant } from '#tests/factories/index'

describe('tenant guard plugin', () => {
  it('refuses selects, updates and deletes on tenant tables without client_id', async () => {
    await expect(db.selectFrom('memberships').selectAll().execute()).rejects.toThrow(TenantGuardError)
    await expect(db.selectFrom('memberships').selectAll().where('user_id', '=', 1).execute()).rejects.toThrow(TenantGuardError)
    await expect(db.updateTable('memberships').set({ active: true }).where('id', '=', 1).execute()).rejects.toThrow(TenantGuardError)
    await expect(db.deleteFrom('organisation_settings').execute()).rejects.toThrow(TenantGuardError)
    await expect(
      db.selectFrom('users').innerJoin('memberships', 'memberships.user_id', 'users.id').selectAll().execute(),
    ).rejects.toThrow(TenantGuardError)
  })

  it('refuses inserts into tenant tables without client_id', async () => {
    await expect(
      db.insertInto('audit_logs').values({ public_id: 'x', module: 'm', action: 'a', status: 'success', message: 'm' } as never).execute(),
    ).rejects.toThrow(TenantGuardError)
  })

  it('lets scoped queries through and keeps them inside their tenant', async () => {
    const a = await createTenant('Tenant A')
    const b = await createTenant('Tenant B')
    const ta = { db, clientId: a.org.id }
    const rows = await scoped(ta, 'memberships').select(['user_id']).execute()
    expect(rows.map((r) => r.user_id)).toEqual([a.owner.id])
    const updated = await scopedUpdate(ta, 'memberships').set({ leads_only: false }).where('user_id', '=', b.owner.id).executeTakeFirst()
    expect(Number(updated.numUpdatedRows)).toBe(0)
    const deleted = await scopedDelete(ta, 'memberships').where('user_id', '=', b.owner.id).executeTakeFirst()
    expect(Number(deleted.numDeletedRows)).toBe(0)
  })

  it('leaves non-tenant tables alone', async () => {
    await expect(db.selectFrom('organisations').select('id').limit(1).execute()).resolves.toBeDefined()
  })
})
