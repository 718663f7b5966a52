// Leads against the real database (ADR 0050): capture is one row per (organisation, e-mail) however often
// and however concurrently it runs, conversion makes exactly one customer account in the lead's own
// organisation (or links the existing one), and nothing of one organisation reaches another.
import { describe, expect, it } from 'vitest'
import { loadAuthUser } from '#app/models/account.server'
import { captureLead, changeLeadStatus, convertLead, exportLeadRows, findLead, leadHistory, listLeads, addLeadNote } from '#app/models/leads.server'
import { MEMBER_EXISTS } from '#app/models/customers.schema'
import { CONVERTED_STAYS_WON } from '#app/rules/leads'
import { type Tenant, tenantOf } from '#app/models/auth-guards.server'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { createTenant, createUser, uniqueEmail } from '#tests/factories/index'

async function tenant(): Promise<{ actor: Tenant; orgId: number }> {
  const { org, owner } = await createTenant()
  const actor = tenantOf((await loadAuthUser(owner.accounts.get(org.id)!.id, org.id)) as never) as Tenant
  return { actor, orgId: org.id }
}

const accountsWithEmail = (email: string) => platformDb.selectFrom('users').select(['id', 'client_id']).where('email', '=', email).execute()

describe('captureLead', () => {
  it('is an upsert per e-mail: a second capture updates, never duplicates, and keeps the first source and status', async () => {
    const { orgId } = await tenant()
    const t = tenantForJob(orgId)
    const email = uniqueEmail('lead')
    const first = await captureLead(t, { source: 'cart', email, firstName: 'Nora' })
    expect(first.created).toBe(true)
    expect(first.lead).toMatchObject({ email, firstName: 'Nora', lastName: null, source: 'cart', status: 'new' })

    const again = await captureLead(t, { source: 'crm', email: email.toUpperCase(), lastName: 'Quinn', phone: '+1 555 0101', externalId: 'crm-1' })
    expect(again.created).toBe(false)
    expect(again.lead.publicId).toBe(first.lead.publicId)
    // New details fill in; an empty one never wipes what is known.
    expect(again.lead).toMatchObject({ firstName: 'Nora', lastName: 'Quinn', phone: '+1 555 0101', externalId: 'crm-1', source: 'cart', status: 'new' })

    // The CRM sync runs again and again: one note per new source, not one per run.
    await captureLead(t, { source: 'crm', email, externalId: 'crm-1' })
    await captureLead(t, { source: 'cart', email })
    const history = await leadHistory(t, first.lead.id)
    expect(history.map((n) => [n.kind, n.body])).toEqual([['capture', 'Captured again from CRM']])
    const rows = await platformDb.selectFrom('leads').select('id').where('client_id', '=', orgId).where('email', '=', email).execute()
    expect(rows).toHaveLength(1)
  })

  it('concurrent captures of one address make one lead', async () => {
    const { orgId } = await tenant()
    const t = tenantForJob(orgId)
    const email = uniqueEmail('race')
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => captureLead(t, { source: i % 2 ? 'cart' : 'checkout', email })))
    expect(results.filter((r) => r.created)).toHaveLength(1)
    expect(new Set(results.map((r) => r.lead.publicId)).size).toBe(1)
    const { count } = await listLeads(t, { q: email }, { start: 0, size: 50 })
    expect(count).toBe(1)
  })

  it('keeps a CRM contact whose details do not fit: clipped, not lost', async () => {
    const { orgId } = await tenant()
    const email = uniqueEmail('crm')
    const { lead } = await captureLead(tenantForJob(orgId), { source: 'crm', email, firstName: 'N'.repeat(150), phone: '+1 (555) 010-1234 ext. 5', externalId: 'c-9' })
    expect(lead.firstName).toHaveLength(100)
    expect(lead).toMatchObject({ phone: '+1 (555) 010-1234 ext. 5', externalId: 'c-9', source: 'crm' })
  })

  it('refuses a malformed capture', async () => {
    const { orgId } = await tenant()
    await expect(captureLead(tenantForJob(orgId), { source: 'cart', email: 'not-an-email' })).rejects.toThrow()
    await expect(captureLead(tenantForJob(orgId), { source: 'web' as never, email: uniqueEmail() })).rejects.toThrow()
  })
})

describe('convertLead', () => {
  it('creates exactly one customer account, in the lead’s organisation, however often it is asked', async () => {
    const a = await tenant()
    const b = await tenant()
    const email = uniqueEmail('convert')
    const { lead } = await captureLead(a.actor, { source: 'checkout', email, firstName: 'Omar' })
    const outcomes = await Promise.all([1, 2, 3].map(() => convertLead(a.actor, lead.publicId, { firstName: 'Omar', lastName: 'Reyes', welcomeEmail: false })))
    expect(outcomes.every((o) => o.ok)).toBe(true)
    const accounts = await accountsWithEmail(email)
    expect(accounts).toHaveLength(1)
    expect(accounts[0]!.client_id).toBe(a.orgId)
    const memberships = await platformDb.selectFrom('memberships').select(['client_id', 'role']).where('user_id', '=', accounts[0]!.id).execute()
    expect(memberships).toEqual([{ client_id: a.orgId, role: 'customer' }])
    const after = (await findLead(a.actor, lead.publicId))!
    expect(after).toMatchObject({ status: 'won', customerUserId: accounts[0]!.id, customerEmail: email })
    expect(after.convertedAt).toBeInstanceOf(Date)
    // Nothing happened in the other organisation.
    expect((await platformDb.selectFrom('users').select('id').where('client_id', '=', b.orgId).where('email', '=', email).execute()).length).toBe(0)
    // A converted lead stays won.
    expect(await changeLeadStatus(a.actor, lead.publicId, 'lost')).toEqual({ ok: false, status: 400, error: CONVERTED_STAYS_WON })
  })

  it('links the lead to the customer who already has the e-mail instead of making another', async () => {
    const a = await tenant()
    const existing = await createUser({ memberships: [{ clientId: a.orgId, role: 'customer' }] })
    const { lead } = await captureLead(a.actor, { source: 'cart', email: existing.email })
    const outcome = await convertLead(a.actor, lead.publicId, { firstName: 'X', lastName: 'Y', welcomeEmail: false })
    expect(outcome).toMatchObject({ ok: true, linked: true, customerId: existing.accounts.get(a.orgId)!.publicId })
    expect(await accountsWithEmail(existing.email)).toHaveLength(1)
  })

  it('refuses an e-mail of a team member, and a customer of another organisation does not count', async () => {
    const a = await tenant()
    const b = await tenant()
    const staff = await createUser({ memberships: [{ clientId: a.orgId, role: 'user', permissions: ['READ_ORDERS'] }] })
    const { lead } = await captureLead(a.actor, { source: 'manual', email: staff.email })
    expect(await convertLead(a.actor, lead.publicId, { firstName: 'S', lastName: 'T', welcomeEmail: false })).toEqual({ ok: false, status: 400, error: MEMBER_EXISTS })

    // B's customer with the same address: A still makes its own account in its own realm.
    const elsewhere = await createUser({ memberships: [{ clientId: b.orgId, role: 'customer' }] })
    const { lead: l2 } = await captureLead(a.actor, { source: 'cart', email: elsewhere.email })
    const outcome = await convertLead(a.actor, l2.publicId, { firstName: 'E', lastName: 'W', welcomeEmail: false })
    expect(outcome).toMatchObject({ ok: true, linked: false })
    const accounts = await accountsWithEmail(elsewhere.email)
    expect(accounts.map((x) => x.client_id).sort()).toEqual([a.orgId, b.orgId].sort())
  })
})

describe('tenant isolation', () => {
  it('one organisation never reads, changes or converts another’s lead; the same e-mail is two leads', async () => {
    const a = await tenant()
    const b = await tenant()
    const email = uniqueEmail('both')
    const { lead: la } = await captureLead(a.actor, { source: 'cart', email, firstName: 'Alice' })
    const { lead: lb, created } = await captureLead(b.actor, { source: 'crm', email, firstName: 'Bob' })
    expect(created).toBe(true)
    expect(lb.publicId).not.toBe(la.publicId)

    expect(await findLead(b.actor, la.publicId)).toBeUndefined()
    expect((await listLeads(b.actor, {}, { start: 0, size: 200 })).rows.map((r) => r.publicId)).toEqual([lb.publicId])
    expect(await changeLeadStatus(b.actor, la.publicId, 'contacted')).toMatchObject({ ok: false, status: 404 })
    expect(await addLeadNote(b.actor, la.publicId, 'sneaky')).toMatchObject({ ok: false, status: 404 })
    expect(await convertLead(b.actor, la.publicId, { firstName: 'A', lastName: 'B', welcomeEmail: false })).toMatchObject({ ok: false, status: 404 })
    const exported = []
    for await (const row of exportLeadRows(b.actor, {})) exported.push(row.email)
    expect(exported).toEqual([email])
    expect((await findLead(a.actor, la.publicId))!).toMatchObject({ status: 'new', firstName: 'Alice' })
    expect(await leadHistory(a.actor, la.id)).toEqual([])
  })
})

describe('list, filters and export', () => {
  it('filters by source, status, date and search, and the export walks every matching row', async () => {
    const { actor } = await tenant()
    const emails = Array.from({ length: 7 }, (_, i) => uniqueEmail(`f${i}`))
    for (const [i, email] of emails.entries()) await captureLead(actor, { source: i % 2 ? 'cart' : 'crm', email, firstName: `Person${i}` })
    const target = (await listLeads(actor, { q: 'Person3' }, { start: 0, size: 50 })).rows[0]!
    expect(target.email).toBe(emails[3])
    expect((await changeLeadStatus(actor, target.publicId, 'contacted')).ok).toBe(true)
    expect((await addLeadNote(actor, target.publicId, 'Called, left a message')).ok).toBe(true)

    expect((await listLeads(actor, { source: 'cart' }, { start: 0, size: 50 })).count).toBe(3)
    expect((await listLeads(actor, { status: 'contacted' }, { start: 0, size: 50 })).rows.map((r) => r.email)).toEqual([emails[3]])
    const today = new Date().toISOString().slice(0, 10)
    expect((await listLeads(actor, { from: today, to: today }, { start: 0, size: 50 })).count).toBe(7)
    expect((await listLeads(actor, { to: '2020-01-01' }, { start: 0, size: 50 })).count).toBe(0)
    const page2 = await listLeads(actor, {}, { start: 5, size: 5 })
    expect(page2).toMatchObject({ count: 7 })
    expect(page2.rows).toHaveLength(2)
    // Newest first.
    expect(page2.rows.map((r) => r.email)).toEqual([emails[1], emails[0]])

    const rows = []
    for await (const row of exportLeadRows(actor, { source: 'cart' })) rows.push(row)
    expect(rows.map((r) => r.email)).toEqual([emails[5], emails[3], emails[1]])
    expect(rows.find((r) => r.email === emails[3])).toMatchObject({ status: 'contacted', lastNote: 'Called, left a message' })
  })
})
