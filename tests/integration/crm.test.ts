// CRM users through the adapter and the local CRM emulator (ADR 0049): add → PENDING → synced → ACTIVE,
// a CRM failure keeps the user PENDING with the CRM's error and the retry succeeds, the plan's limit
// and flags, provisioning decides crmAvailable, and the messaging token is stored encrypted.
import { Worker } from 'bullmq'
import { describe, expect, it, vi } from 'vitest'
import { CRM_LIMIT_REACHED } from '#app/models/crm.schema'
import { crmStatus, crmUserActions, getCrmUser, integrationToken, saveIntegration, syncCrmUser, toCrmUserJson } from '#app/models/crm.server'
import { platformDb } from '#app/services/db.server'
import { newRedisConnection } from '#app/services/redis.server'
import { crmSyncJob } from '#jobs/crm'
import { crmTenant } from '#tests/factories/crm'

const emulator = await vi.hoisted(async () => (await import('./crm-emulator-fixture')).crmEmulatorForThisFile())

const input = (email: string, extra: Record<string, unknown> = {}) => ({ firstName: 'Cara', lastName: 'Mills', email, password: 'Str0ng@Pass', crmPermissions: {}, ...extra })
const emulatedUsers = (clientPublicId: string) => emulator.locations().find((l) => l.clientId === clientPublicId)?.users ?? []

describe('CRM availability', () => {
  it('is off without a plan with CRM, and on once the location is provisioned through the adapter', async () => {
    const pending = await crmTenant({ provision: false })
    const before = await crmStatus(pending.t)
    expect(before.crmAvailable).toBe(false)
    expect(before.provisioning).toBe(true)
    // The first look queued the provisioning job; run it as the worker would.
    await crmSyncJob({ data: { clientId: pending.org.id, op: 'provision' } })
    expect((await crmStatus(pending.t)).crmAvailable).toBe(true)
    expect(emulator.locations().some((l) => l.clientId === pending.org.publicId)).toBe(true)

    const allOff = Object.fromEntries(
      [
        'campaignsEnabled',
        'contactsEnabled',
        'workflowsEnabled',
        'triggersEnabled',
        'funnelsEnabled',
        'websitesEnabled',
        'opportunitiesEnabled',
        'dashboardStatsEnabled',
        'bulkRequestsEnabled',
        'appointmentsEnabled',
        'reviewsEnabled',
        'onlineListingsEnabled',
        'phoneCallEnabled',
        'conversationsEnabled',
        'assignedDataOnlyEnabled',
        'adwordsReportingEnabled',
        'membershipEnabled',
        'facebookAdsReportingEnabled',
        'attributionsReportingEnabled',
        'settingsEnabled',
        'tagsEnabled',
        'leadValueEnabled',
        'marketingEnabled',
      ].map((k) => [k, false]),
    )
    const noCrm = await crmTenant({ flags: allOff, provision: false })
    expect((await crmStatus(noCrm.t)).crmAvailable).toBe(false)
    expect((await crmStatus(noCrm.t)).provisioning).toBe(false)
  })
})

describe('CRM user sync through the emulator', () => {
  it('add → PENDING → synced by the job → ACTIVE, and the sealed password is dropped', async () => {
    const { t, org } = await crmTenant()
    const created = await crmUserActions.create(t, input('cara@example.test'))
    expect(created.ok).toBe(true)
    const row = created.ok ? created.value : null!
    expect(toCrmUserJson(row).status).toBe('PENDING')
    expect(row.pending_password).not.toContain('Str0ng@Pass')

    expect(await crmSyncJob({ data: { clientId: org.id, op: 'upsert', userId: row.public_id } })).toBe('synced')
    const after = (await getCrmUser(t, row.public_id))!
    expect(toCrmUserJson(after).status).toBe('ACTIVE')
    expect(after.pending_password).toBeNull()
    expect(emulatedUsers(org.publicId).map((u) => [u.email, u.password])).toEqual([['cara@example.test', 'Str0ng@Pass']])

    // An update goes to the same CRM user; a delete removes it there.
    const updated = await crmUserActions.update(t, row.public_id, { firstName: 'Carla', lastName: 'Mills', email: 'cara@example.test', crmPermissions: { contactsEnabled: true } })
    expect(updated.ok).toBe(true)
    await syncCrmUser(t, row.public_id)
    expect(emulatedUsers(org.publicId)).toMatchObject([{ firstName: 'Carla', permissions: expect.objectContaining({ contactsEnabled: true, campaignsEnabled: false }) }])
    const removed = await crmUserActions.delete(t, row.public_id)
    expect(removed.ok).toBe(true)
    await crmSyncJob({ data: { clientId: org.id, op: 'delete', externalId: after.external_id! } })
    expect(emulatedUsers(org.publicId)).toEqual([])
  })

  it('a CRM failure keeps the user PENDING with the error; the retry makes it ACTIVE', async () => {
    const { t, org } = await crmTenant()
    const created = await crmUserActions.create(t, input('retry@example.test'))
    const publicId = created.ok ? created.value.public_id : ''
    emulator.fail({ times: 1, path: '/users', status: 503, body: { message: 'CRM maintenance' } })
    await expect(crmSyncJob({ data: { clientId: org.id, op: 'upsert', userId: publicId } })).rejects.toThrow('CRM maintenance')
    const failed = toCrmUserJson((await getCrmUser(t, publicId))!)
    expect(failed.status).toBe('PENDING')
    expect(failed.crmError).toEqual({ message: 'CRM maintenance', crmErrors: null })

    await crmSyncJob({ data: { clientId: org.id, op: 'upsert', userId: publicId } })
    const ok = toCrmUserJson((await getCrmUser(t, publicId))!)
    expect(ok.status).toBe('ACTIVE')
    expect(ok.crmError).toBeNull()
  })

  it('a refusal with crmErrors is kept per field and not retried', async () => {
    const { t, org } = await crmTenant()
    const created = await crmUserActions.create(t, input('refused@example.test'))
    const publicId = created.ok ? created.value.public_id : ''
    emulator.fail({ times: 1, path: '/users', status: 422, body: { message: 'Validation failed', crmErrors: { email: 'email is blocked' } } })
    await expect(crmSyncJob({ data: { clientId: org.id, op: 'upsert', userId: publicId } })).rejects.toMatchObject({ name: 'UnrecoverableError' })
    expect(toCrmUserJson((await getCrmUser(t, publicId))!).crmError).toEqual({ message: 'Validation failed', crmErrors: { email: 'email is blocked' } })
  })

  it('the BullMQ worker retries a failed sync on its own', async () => {
    const { t, org } = await crmTenant()
    const worker = new Worker('crm-sync', crmSyncJob, { connection: newRedisConnection(), concurrency: 1 })
    try {
      // Only this organisation's calls fail (jobs left by the other tests may run first).
      const { external_id: locationId } = await platformDb.selectFrom('crm_locations').select('external_id').where('client_id', '=', org.id).executeTakeFirstOrThrow()
      emulator.fail({ times: 1, path: `/locations/${locationId}/users`, status: 503, body: { message: 'Try later' } })
      const created = await crmUserActions.create(t, input('worker@example.test'))
      const publicId = created.ok ? created.value.public_id : ''
      const deadline = Date.now() + 15_000
      let status = 'PENDING'
      let sawError = false
      while (Date.now() < deadline) {
        const json = toCrmUserJson((await getCrmUser(t, publicId))!)
        sawError ||= json.crmError?.message === 'Try later'
        status = json.status
        if (status === 'ACTIVE') break
        await new Promise((r) => setTimeout(r, 200))
      }
      expect(sawError).toBe(true)
      expect(status).toBe('ACTIVE')
    } finally {
      await worker.close()
    }
  }, 25_000)
})

describe('CRM contacts become leads', () => {
  it('a sync brings the CRM contacts over through captureLead (source crm), once per e-mail', async () => {
    const { t, org } = await crmTenant()
    const { external_id: locationId } = await platformDb.selectFrom('crm_locations').select('external_id').where('client_id', '=', org.id).executeTakeFirstOrThrow()
    emulator.addContact(locationId!, { email: 'Lead.One@example.test', firstName: 'Lena', lastName: 'One', phone: '+1 555 0100' })
    emulator.addContact(locationId!, { email: 'not-an-email', firstName: 'No', lastName: 'Lead', phone: null })
    const created = await crmUserActions.create(t, input('contacts@example.test'))
    const publicId = created.ok ? created.value.public_id : ''
    await crmSyncJob({ data: { clientId: org.id, op: 'upsert', userId: publicId } })
    await crmSyncJob({ data: { clientId: org.id, op: 'upsert', userId: publicId } })
    const leads = await platformDb.selectFrom('leads').select(['email', 'source', 'first_name', 'external_id']).where('client_id', '=', org.id).execute()
    expect(leads).toEqual([{ email: 'lead.one@example.test', source: 'crm', first_name: 'Lena', external_id: expect.stringMatching(/^con_/) }])
  })
})

describe("the plan's limits", () => {
  it('refuses a CRM user past maxCrmUsers (the admin counts)', async () => {
    const { t } = await crmTenant({ maxCrmUsers: 2 })
    const admin = await crmUserActions.ensureAdmin(t)
    expect(admin?.type).toBe('admin')
    expect((await crmUserActions.ensureAdmin(t))?.id).toBe(admin?.id)
    expect((await crmUserActions.create(t, input('one@example.test'))).ok).toBe(true)
    const third = await crmUserActions.create(t, input('two@example.test'))
    expect(third).toMatchObject({ ok: false, status: 409, error: CRM_LIMIT_REACHED(2) })
  })

  it('keeps only the flags the plan enables', async () => {
    const { t } = await crmTenant({ flags: { contactsEnabled: false } })
    const created = await crmUserActions.create(t, input('flags@example.test', { crmPermissions: { contactsEnabled: true, campaignsEnabled: true, madeUpEnabled: true } }))
    const perms = created.ok ? toCrmUserJson(created.value).crmData.permissions : {}
    expect(perms.contactsEnabled).toBe(false)
    expect(perms.campaignsEnabled).toBe(true)
    expect(perms).not.toHaveProperty('madeUpEnabled')
  })

  it('the admin CRM user cannot be edited or deleted', async () => {
    const { t } = await crmTenant()
    const admin = (await crmUserActions.ensureAdmin(t))!
    expect(await crmUserActions.delete(t, admin.public_id)).toMatchObject({ ok: false, status: 403 })
    expect(await crmUserActions.update(t, admin.public_id, { firstName: 'X', lastName: 'Y', email: 'x@example.test', crmPermissions: {} })).toMatchObject({
      ok: false,
      status: 403,
    })
  })
})

describe('messaging integration', () => {
  it('stores the auth token encrypted, never in plaintext, and shows only its last 4', async () => {
    const { t, org } = await crmTenant()
    const token = 'tok_0123456789abcdefSECRET9876'
    expect(await saveIntegration(t, { accountSid: 'AC1234567890', authToken: token, integration: 'twilio' })).toEqual({ ok: true })
    const row = await platformDb.selectFrom('crm_integrations').selectAll().where('client_id', '=', org.id).executeTakeFirstOrThrow()
    expect(row.auth_token_encrypted).not.toContain(token)
    expect(row.auth_token_encrypted).not.toContain('SECRET')
    expect(row.auth_token_last4).toBe('9876')
    expect(JSON.stringify(row)).not.toContain(token)
    expect(await integrationToken(t, 'twilio')).toBe(token)
    const status = await crmStatus(t)
    expect(status.crmIntegrations).toEqual([expect.objectContaining({ accountSid: 'AC1234567890', authTokenLast4: '9876' })])
    expect(JSON.stringify(status)).not.toContain(token)
  })

  it("shows the provider's refusal and stores nothing", async () => {
    const { t, org } = await crmTenant()
    const result = await saveIntegration(t, { accountSid: 'bad', authToken: 'short', integration: 'twilio' })
    expect(result).toMatchObject({ ok: false, status: 400, message: expect.stringContaining('account SID or auth token is wrong') })
    expect(await platformDb.selectFrom('crm_integrations').select('client_id').where('client_id', '=', org.id).execute()).toEqual([])
  })
})
