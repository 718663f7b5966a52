// The shell's one round trip (shellFacts): the organisation's colours, the person's capped unread count
// and the CRM plan and location, each of this organisation and person only.
import { afterAll, describe, expect, it, vi } from 'vitest'
import { crmAvailabilityFrom, crmStatus } from '#app/models/crm.server'
import { shellFacts } from '#app/models/shell.server'
import { BADGE_COUNT_CAP } from '#app/rules/notifications'
import { platformDb, tenantDb } from '#app/services/db.server'
import { closeQueues } from '#app/services/queue.server'
import { crmTenant } from '#tests/factories/crm'
import { createTenant } from '#tests/factories/index'
import { createNotifications } from '#tests/factories/notifications'

const emulator = await vi.hoisted(async () => (await import('./crm-emulator-fixture')).crmEmulatorForThisFile())
void emulator

afterAll(async () => closeQueues())

const scope = (clientId: number, userId: number) => ({ db: tenantDb(clientId), clientId, user: { id: userId } })
const ownerOf = (tenant: Awaited<ReturnType<typeof createTenant>>) => scope(tenant.org.id, tenant.owner.accounts.get(tenant.org.id)!.id)

const unread = (clientId: number, userId: number, n: number) => createNotifications(clientId, userId, n)

describe('shellFacts', () => {
  it('of an organisation that set nothing: no colours, no unread, no CRM plan', async () => {
    const a = await createTenant()
    expect(await shellFacts(ownerOf(a))).toEqual({
      colours: expect.objectContaining({ topBarBgColor: null, sideBarBgColor: null, footerTextColor: null }),
      unread: 0,
      crm: { plan: null, location: null },
    })
  })

  it("reads this organisation's colours and this person's unread count, capped, never another's", async () => {
    const a = await createTenant()
    const b = await createTenant()
    await platformDb
      .insertInto('website_customizations')
      .values({ client_id: a.org.id, company_phone: '', company_address: '', company_email: '', top_bar_bg_color: '#112233', side_bar_active_color: '#aa0000' })
      .execute()
    await platformDb
      .insertInto('website_customizations')
      .values({ client_id: b.org.id, company_phone: '', company_address: '', company_email: '', top_bar_bg_color: '#ffffff' })
      .execute()
    const me = ownerOf(a)
    await unread(a.org.id, me.user.id, BADGE_COUNT_CAP + 3)
    await unread(b.org.id, ownerOf(b).user.id, 2)

    const facts = await shellFacts(me)
    expect(facts.colours).toMatchObject({ topBarBgColor: '#112233', sideBarActiveColor: '#aa0000', footerBgColor: null })
    expect(facts.unread).toBe(BADGE_COUNT_CAP)
    const theirs = await shellFacts(ownerOf(b))
    expect(theirs.colours.topBarBgColor).toBe('#ffffff')
    expect(theirs.unread).toBe(2)
  })

  it('answers each organisation from its own SQL, even through one shared handle (the query is compiled once per organisation)', async () => {
    const a = await createTenant()
    const b = await createTenant()
    for (const [tenant, colour] of [
      [a, '#0a0a0a'],
      [b, '#0b0b0b'],
    ] as const) {
      await platformDb
        .insertInto('website_customizations')
        .values({ client_id: tenant.org.id, company_phone: '', company_address: '', company_email: '', top_bar_bg_color: colour })
        .execute()
    }
    // One handle for both, as a transaction or a job's handle may be: a's SQL must never answer for b.
    const shared = (tenant: typeof a) => ({ ...ownerOf(tenant), db: platformDb })
    expect((await shellFacts(shared(a))).colours.topBarBgColor).toBe('#0a0a0a')
    expect((await shellFacts(shared(b))).colours.topBarBgColor).toBe('#0b0b0b')
    expect((await shellFacts(shared(a))).colours.topBarBgColor).toBe('#0a0a0a')
  })

  it('gives the CRM section what crmStatus decides from', async () => {
    const ready = await crmTenant()
    const facts = await shellFacts(scope(ready.org.id, ready.owner.accounts.get(ready.org.id)!.id))
    expect(facts.crm.plan).not.toBeNull()
    expect(facts.crm.location).toMatchObject({ status: 'ready' })
    const fromShell = await crmAvailabilityFrom(ready.t, facts.crm)
    const { crmIntegrations: _, ...direct } = await crmStatus(ready.t)
    expect(fromShell).toEqual(direct)
    expect(fromShell.crmAvailable).toBe(true)

    const pending = await crmTenant({ provision: false })
    const pendingFacts = await shellFacts(scope(pending.org.id, pending.owner.accounts.get(pending.org.id)!.id))
    expect(pendingFacts.crm.location).toBeNull()
    expect((await crmAvailabilityFrom(pending.t, pendingFacts.crm, { provision: false })).crmAvailable).toBe(false)
  })
})
