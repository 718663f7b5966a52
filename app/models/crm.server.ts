// CRM users and the messaging integration of one organisation (issue 13, ADR 0049): availability,
// the plan's limits and flags, the tenant's CRM user rows, and the sync the crm-sync jobs run.
import { sql } from 'kysely'
import { ZodError } from 'zod'
import { CRM_PERMISSION_KEYS } from './client-packages.schema'
import { CRM_ADMIN_LOCKED, CRM_LIMIT_REACHED, CRM_USER_EXISTS, CRM_USER_NOT_FOUND, type CrmIntegrationInput, type CrmUserCreateInput, type CrmUserUpdateInput } from './crm.schema'
import { audited } from './audit.server'
import { captureLead } from './leads.server'
import { isDuplicateKey } from './people.server'
import { crmUserStatus, filterCrmPermissions, isLockedCrmUser, planEnabledFlags, planIncludesCrm, type CrmUserStatus } from '#app/rules/crm'
import { likePattern, type TableQuery } from '#app/rules/table-query'
import { CrmApiError, crmService, type CrmService } from '#app/services/crm.server'
import { decryptSecret, deriveKey, encryptSecret, newPublicId } from '#app/services/crypto.server'
import { env } from '#app/services/env.server'
import type { CrmUserRow } from '#db/tables/crm'
import { scoped, scopedAs, scopedDelete, scopedInsert, scopedJoin, scopedUpdate, type TenantScope } from '#db/tenant'
import { enqueue } from '#app/services/queue.server'
import { enqueueThroughOutbox } from '#app/services/outbox.server'

/** Messaging credentials and pending CRM passwords are sealed with this key (CRM_SECRET_KEY, else derived). */
function crmKey() {
  const own = env().CRM_SECRET_KEY
  return own ? deriveKey('crm-encryption', own) : deriveKey('crm-encryption')
}
export const sealCrmSecret = (plaintext: string) => encryptSecret(plaintext, crmKey())
export const openCrmSecret = (stored: string) => decryptSecret(stored, crmKey())

export type Result<T> = { ok: true; value: T } | { ok: false; status: number; error: string; field?: string }
const fail = (status: number, error: string, field?: string): { ok: false; status: number; error: string; field?: string } => ({ ok: false, status, error, field })

// ---- plan and availability ----------------------------------------------------------------------

export type CrmPlan = { flags: Record<string, boolean>; enabled: string[]; maxCrmUsers: number }

const planBase = (t: TenantScope) =>
  scoped(t, 'organisation_plans')
    .innerJoin('client_packages', 'client_packages.id', 'organisation_plans.client_package_id')
    .select(['client_packages.crm_user_permissions as flags', 'client_packages.max_crm_users as max'])

function toCrmPlan(row: { flags: unknown; max: number | string } | undefined): CrmPlan | null {
  if (!row) return null
  const raw = (typeof row.flags === 'string' ? JSON.parse(row.flags) : row.flags) as Record<string, boolean>
  const flags = Object.fromEntries(CRM_PERMISSION_KEYS.map((k) => [k, raw?.[k] !== false]))
  return { flags, enabled: planEnabledFlags(CRM_PERMISSION_KEYS, flags), maxCrmUsers: Math.max(1, Number(row.max)) }
}

/** The CRM part of the organisation's current plan (organisation_plans → client_packages); null without a plan. */
export async function crmPlanOf(t: TenantScope): Promise<CrmPlan | null> {
  return toCrmPlan(await planBase(t).executeTakeFirst())
}

export type CrmIntegrationJson = { integration: string; accountSid: string; authTokenLast4: string; updatedAt: string }
export type CrmAvailability = { crmAvailable: boolean; plan: CrmPlan | null; provisioning: boolean }
export type CrmStatus = CrmAvailability & { crmIntegrations: CrmIntegrationJson[] }

/**
 * CRM is available when the plan includes it (at least one flag on), a CRM is configured, and the
 * organisation's location in that CRM has been made (ADR 0049). The first look by an organisation whose
 * plan includes CRM starts the provisioning job; until it is done the CRM is "not active".
 */
export async function crmStatus(t: TenantScope, opts: { provision?: boolean } = {}): Promise<CrmStatus> {
  const [availability, integrations] = await Promise.all([crmAvailability(t, opts), listIntegrations(t)])
  return { ...availability, crmIntegrations: integrations }
}

/**
 * crmStatus without the integrations: the plan and the location in one round trip, since the shell's
 * sidebar looks on every page of those holding the CRM permission.
 */
export async function crmAvailability(t: TenantScope, opts: { provision?: boolean } = {}): Promise<CrmAvailability> {
  const row = await planBase(t)
    .leftJoin('crm_locations', (j) => scopedJoin(t, 'crm_locations', j.onTrue()))
    .select(['crm_locations.status', 'crm_locations.external_id'])
    .executeTakeFirst()
  // No plan row means no location was read either; without a plan there is nothing to provision.
  return crmAvailabilityFrom(t, { plan: row ?? null, location: row?.status ? { status: row.status, external_id: row.external_id } : null }, opts)
}

/** The plan's CRM columns and the organisation's CRM location, as crmAvailability reads them. */
export type CrmPlanAndLocation = {
  plan: { flags: unknown; max: number | string } | null
  location: { status: 'pending' | 'ready'; external_id: string | null } | null
}

/** crmAvailability from columns another query read (the shell reads them with the page's other facts). */
export async function crmAvailabilityFrom(t: TenantScope, read: CrmPlanAndLocation, opts: { provision?: boolean } = {}): Promise<CrmAvailability> {
  const plan = toCrmPlan(read.plan ?? undefined)
  const location = read.location ?? undefined
  const included = planIncludesCrm(CRM_PERMISSION_KEYS, plan?.flags ?? null) && !!crmService()
  if (included && location?.status !== 'ready' && opts.provision !== false) await startProvisioning(t, !location)
  return { crmAvailable: included && location?.status === 'ready' && !!location.external_id, plan, provisioning: included && location?.status !== 'ready' }
}

async function startProvisioning(t: TenantScope, create: boolean) {
  if (create) {
    try {
      await scopedInsert(t, 'crm_locations', { status: 'pending' }).execute()
    } catch (error) {
      if (!isDuplicateKey(error)) throw error
    }
  }
  // One job per organisation per ten minutes: a provisioning that failed all its retries is tried again later.
  const bucket = Math.floor(Date.now() / 600_000)
  // Every page's sidebar looks while the location is pending: ask Redis once per process and window, not per page.
  if (provisionAsked.get(t.clientId) === bucket) return
  await enqueue('crm-sync', { clientId: t.clientId, op: 'provision' }, { jobId: `crm-provision-${t.clientId}-${bucket}` })
  if (provisionAsked.size > 10_000) provisionAsked.clear()
  provisionAsked.set(t.clientId, bucket)
}

const provisionAsked = new Map<number, number>()

async function locationOf(t: TenantScope): Promise<string | null> {
  const row = await scoped(t, 'crm_locations').select(['status', 'external_id']).executeTakeFirst()
  return row?.status === 'ready' ? row.external_id : null
}

// ---- CRM users ----------------------------------------------------------------------------------

export type CrmUserJson = {
  _id: string
  type: 'admin' | 'user'
  addedToCrm: boolean
  status: CrmUserStatus
  crmData: { name: string; email: string; firstName: string; lastName: string; permissions: Record<string, boolean> }
  /** The CRM's last refusal (message and per-field crmErrors) while the user is not in the CRM yet. */
  crmError: { message: string; crmErrors: Record<string, string> | null } | null
  createdAt: string
}

function syncErrorOf(row: CrmUserRow): CrmUserJson['crmError'] {
  if (!row.sync_error) return null
  try {
    return JSON.parse(row.sync_error)
  } catch {
    return { message: row.sync_error, crmErrors: null }
  }
}

export function toCrmUserJson(row: CrmUserRow): CrmUserJson {
  const permissions = typeof row.permissions === 'string' ? JSON.parse(row.permissions) : row.permissions
  const addedToCrm = !!row.added_to_crm
  return {
    _id: row.public_id,
    type: row.type,
    addedToCrm,
    status: crmUserStatus({ addedToCrm }),
    crmData: { name: `${row.first_name} ${row.last_name}`.trim(), email: row.email, firstName: row.first_name, lastName: row.last_name, permissions },
    crmError: syncErrorOf(row),
    createdAt: new Date(row.created_at).toISOString(),
  }
}

export async function pageCrmUsers(t: TenantScope, page: Pick<TableQuery, 'search' | 'start' | 'size'>): Promise<{ rows: CrmUserRow[]; count: number }> {
  let query = scoped(t, 'crm_users')
  if (page.search) {
    const like = likePattern(page.search)
    query = query.where((eb) => eb.and([eb.or([eb('email', 'like', like), eb('first_name', 'like', like), eb('last_name', 'like', like)])]))
  }
  const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
  // The admin first, then newest.
  const rows = await query
    .selectAll()
    .orderBy(sql`type = 'admin'`, 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.size)
    .offset(page.start)
    .execute()
  return { rows, count: Number(count) }
}

export async function getCrmUser(t: TenantScope, publicId: string): Promise<CrmUserRow | undefined> {
  if (!publicId || publicId.length > 64) return undefined
  return scoped(t, 'crm_users').selectAll().where('public_id', '=', publicId).executeTakeFirst()
}

export async function getAdminCrmUser(t: TenantScope): Promise<CrmUserRow | undefined> {
  return scoped(t, 'crm_users').selectAll().where('type', '=', 'admin').executeTakeFirst()
}

async function countCrmUsers(t: TenantScope): Promise<number> {
  const { n } = await scoped(t, 'crm_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(n)
}

/** Through the outbox right after the change (ADR 0092): a sync asked for is relayed even if this process dies now. */
async function enqueueUserSync(t: TenantScope, row: Pick<CrmUserRow, 'public_id' | 'version'>) {
  await enqueueThroughOutbox('crm-sync', { clientId: t.clientId, op: 'upsert', userId: row.public_id }, { jobId: `crm-upsert-${row.public_id}-${row.version}` })
}

/** The flags of the plan a user may hold, from what was asked for. */
export function grantable(plan: CrmPlan, requested: Record<string, unknown>) {
  return filterCrmPermissions(CRM_PERMISSION_KEYS, plan.flags, requested)
}

export const crmUserActions = {
  /** A new CRM user: PENDING until the crm-sync job has added it to the CRM. */
  async create(t: TenantScope, input: CrmUserCreateInput, opts: { type?: 'admin' | 'user' } = {}): Promise<Result<CrmUserRow>> {
    const plan = await crmPlanOf(t)
    if (!plan) return fail(403, CRM_LIMIT_REACHED(0))
    const type = opts.type ?? 'user'
    // The admin account counts too: the plan's maxCrmUsers is every CRM user of the organisation.
    if ((await countCrmUsers(t)) >= plan.maxCrmUsers) return fail(409, CRM_LIMIT_REACHED(plan.maxCrmUsers))
    const publicId = newPublicId()
    try {
      await scopedInsert(t, 'crm_users', {
        public_id: publicId,
        type,
        admin_slot: type === 'admin' ? 1 : null,
        first_name: input.firstName,
        last_name: input.lastName,
        email: input.email,
        permissions: JSON.stringify(type === 'admin' ? plan.flags : grantable(plan, input.crmPermissions)),
        pending_password: sealCrmSecret(input.password),
      }).execute()
    } catch (error) {
      if (isDuplicateKey(error)) return fail(409, CRM_USER_EXISTS, 'email')
      throw error
    }
    // Two requests racing past the count: the later one is undone (the count is checked again after the insert).
    if ((await countCrmUsers(t)) > plan.maxCrmUsers) {
      await scopedDelete(t, 'crm_users').where('public_id', '=', publicId).execute()
      return fail(409, CRM_LIMIT_REACHED(plan.maxCrmUsers))
    }
    const row = (await getCrmUser(t, publicId))!
    await enqueueUserSync(t, row)
    return { ok: true, value: row }
  },

  async update(t: TenantScope, publicId: string, input: CrmUserUpdateInput): Promise<Result<CrmUserRow>> {
    const row = await getCrmUser(t, publicId)
    if (!row) return fail(404, CRM_USER_NOT_FOUND)
    if (isLockedCrmUser(row)) return fail(403, CRM_ADMIN_LOCKED)
    const plan = await crmPlanOf(t)
    if (!plan) return fail(404, CRM_USER_NOT_FOUND)
    try {
      await scopedUpdate(t, 'crm_users')
        .set({
          first_name: input.firstName,
          last_name: input.lastName,
          email: input.email,
          permissions: JSON.stringify(grantable(plan, input.crmPermissions)),
          ...(input.password ? { pending_password: sealCrmSecret(input.password) } : {}),
          version: sql<number>`version + 1`,
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .execute()
    } catch (error) {
      if (isDuplicateKey(error)) return fail(409, CRM_USER_EXISTS, 'email')
      throw error
    }
    const updated = (await getCrmUser(t, publicId))!
    await enqueueUserSync(t, updated)
    return { ok: true, value: updated }
  },

  /** Removed here at once; the CRM's copy is removed by a job (retried until the CRM answers). */
  async delete(t: TenantScope, publicId: string): Promise<Result<{ publicId: string }>> {
    const row = await getCrmUser(t, publicId)
    if (!row) return fail(404, CRM_USER_NOT_FOUND)
    if (isLockedCrmUser(row)) return fail(403, CRM_ADMIN_LOCKED)
    await scopedDelete(t, 'crm_users').where('id', '=', row.id).execute()
    if (row.external_id) await enqueueThroughOutbox('crm-sync', { clientId: t.clientId, op: 'delete', externalId: row.external_id }, { jobId: `crm-delete-${row.public_id}` })
    return { ok: true, value: { publicId } }
  },

  /**
   * The admin CRM account, made from the organisation owner when the admin check finds none
   * (back-office section 4). Idempotent: the unique admin slot keeps it to one.
   */
  async ensureAdmin(t: TenantScope): Promise<CrmUserRow | null> {
    const existing = await getAdminCrmUser(t)
    if (existing) return existing
    const owner = await ownerOf(t)
    if (!owner) return null
    // The owner signs in to the CRM through its own reset flow: a random strong password seeds the account.
    const password = `${newPublicId().slice(0, 12)}Aa1!`
    const created = await crmUserActions.create(
      t,
      { firstName: owner.firstName || 'Admin', lastName: owner.lastName || 'User', email: owner.email, password, crmPermissions: {} },
      { type: 'admin' },
    )
    if (created.ok) return created.value
    return (await getAdminCrmUser(t)) ?? null
  },
}

/** The organisation's owner (its first account with the client role): whose details the admin CRM account gets. */
async function ownerOf(t: TenantScope): Promise<{ firstName: string; lastName: string; email: string } | undefined> {
  return scopedAs(t, 'memberships', 'm')
    .innerJoin('users as u', (j) => scopedJoin(t, 'u', j.onRef('u.id', '=', 'm.user_id')))
    .select(['u.first_name as firstName', 'u.last_name as lastName', 'u.email as email'])
    .where('m.role', '=', 'client')
    .orderBy('m.user_id')
    .executeTakeFirst()
}

// ---- messaging integration ----------------------------------------------------------------------

export async function listIntegrations(t: TenantScope): Promise<CrmIntegrationJson[]> {
  const rows = await scoped(t, 'crm_integrations').select(['integration', 'account_sid', 'auth_token_last4', 'updated_at']).orderBy('integration').execute()
  return rows.map((r) => ({ integration: r.integration, accountSid: r.account_sid, authTokenLast4: r.auth_token_last4, updatedAt: new Date(r.updated_at).toISOString() }))
}

export type IntegrationError = { status: number; message: string; crmErrors: Record<string, string> | null }

/** Checks the account with the provider, then stores it with the token sealed; the token never comes back out. */
export async function saveIntegration(
  t: TenantScope,
  input: CrmIntegrationInput,
  service: CrmService | null = crmService(),
): Promise<{ ok: true } | ({ ok: false } & IntegrationError)> {
  if (!service) return { ok: false, status: 503, message: 'The messaging provider is not configured', crmErrors: null }
  try {
    await service.verifyMessagingAccount({ accountSid: input.accountSid, authToken: input.authToken })
  } catch (error) {
    if (error instanceof CrmApiError) return { ok: false, status: error.permanent ? 400 : 502, message: error.message, crmErrors: error.crmErrors }
    throw error
  }
  const values = { account_sid: input.accountSid, auth_token_encrypted: sealCrmSecret(input.authToken), auth_token_last4: input.authToken.slice(-4), updated_at: new Date() }
  const updated = await scopedUpdate(t, 'crm_integrations').set(values).where('integration', '=', input.integration).executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0) {
    try {
      await scopedInsert(t, 'crm_integrations', { integration: input.integration, ...values }).execute()
    } catch (error) {
      if (!isDuplicateKey(error)) throw error
      await scopedUpdate(t, 'crm_integrations').set(values).where('integration', '=', input.integration).execute()
    }
  }
  return { ok: true }
}

// ---- audited changes ------------------------------------------------------------------------------

type Actor = Parameters<typeof audited>[0] & TenantScope

/** The pages and JSON calls change CRM users and the integration through these: each writes its audit row. */
export const crmChanges = {
  async createUser(t: Actor, request: Request, input: CrmUserCreateInput) {
    return audited(
      t,
      request,
      {
        module: 'crm',
        action: 'create_user',
        message: (r) => (r.ok ? `Added CRM user ${r.value.email}` : `CRM user ${input.email} not added: ${r.error}`),
      },
      await crmUserActions.create(t, input),
    )
  },
  async updateUser(t: Actor, request: Request, publicId: string, input: CrmUserUpdateInput) {
    return audited(
      t,
      request,
      {
        module: 'crm',
        action: 'update_user',
        message: (r) => (r.ok ? `Updated CRM user ${r.value.email}${input.password ? ' and their password' : ''}` : `CRM user ${publicId} not updated: ${r.error}`),
      },
      await crmUserActions.update(t, publicId, input),
    )
  },
  async deleteUser(t: Actor, request: Request, publicId: string) {
    return audited(
      t,
      request,
      {
        module: 'crm',
        action: 'delete_user',
        message: (r) => (r.ok ? `Deleted CRM user ${publicId}` : `CRM user ${publicId} not deleted: ${r.error}`),
      },
      await crmUserActions.delete(t, publicId),
    )
  },
  /** The account id is logged; the token never is. */
  async saveIntegration(t: Actor, request: Request, input: CrmIntegrationInput) {
    return audited(
      t,
      request,
      {
        module: 'crm',
        action: 'save_integration',
        message: (r) => (r.ok ? `Saved the ${input.integration} account ${input.accountSid}` : `The ${input.integration} account ${input.accountSid} not saved: ${r.message}`),
      },
      await saveIntegration(t, input),
    )
  },
}

/** The stored token in clear, for the server's own calls to the provider only. */
export async function integrationToken(t: TenantScope, integration: string): Promise<string | null> {
  const row = await scoped(t, 'crm_integrations').select('auth_token_encrypted').where('integration', '=', integration).executeTakeFirst()
  return row ? openCrmSecret(row.auth_token_encrypted) : null
}

// ---- sync (run by jobs/crm.ts) ------------------------------------------------------------------

function errorJson(error: unknown): string {
  if (error instanceof CrmApiError) return JSON.stringify({ message: error.message, crmErrors: error.crmErrors })
  return JSON.stringify({ message: 'The CRM could not be reached, try again later', crmErrors: null })
}

/** Makes the organisation's location in the CRM; safe to run twice (a ready location is left alone). */
export async function provisionCrmLocation(t: TenantScope, org: { publicId: string; name: string }, service: CrmService | null = crmService()): Promise<void> {
  if (!service) throw new Error('No CRM configured')
  const row = await scoped(t, 'crm_locations').select(['status', 'external_id']).executeTakeFirst()
  if (row?.status === 'ready') return
  if (!row)
    await scopedInsert(t, 'crm_locations', { status: 'pending' })
      .execute()
      .catch((e) => {
        if (!isDuplicateKey(e)) throw e
      })
  try {
    const externalId = await service.createLocation({ clientId: org.publicId, name: org.name })
    await scopedUpdate(t, 'crm_locations').set({ status: 'ready', external_id: externalId, last_error: null, updated_at: new Date() }).execute()
  } catch (error) {
    await scopedUpdate(t, 'crm_locations')
      .set({ last_error: errorJson(error).slice(0, 1000), updated_at: new Date() })
      .execute()
    throw error
  }
}

/**
 * Sends one CRM user to the CRM (create, or update once it has an id there). On success the user is
 * ACTIVE and the sealed password is dropped; on failure the row stays PENDING with the CRM's error and
 * the job throws, so BullMQ retries it. A user deleted meanwhile is nothing to do.
 */
export async function syncCrmUser(t: TenantScope, publicId: string, service: CrmService | null = crmService()): Promise<'synced' | 'gone'> {
  if (!service) throw new Error('No CRM configured')
  const row = await getCrmUser(t, publicId)
  if (!row) return 'gone'
  const locationId = await locationOf(t)
  if (!locationId) throw new CrmApiError('The CRM location is not ready yet', 503)
  const permissions = typeof row.permissions === 'string' ? JSON.parse(row.permissions) : row.permissions
  const password = row.pending_password ? (openCrmSecret(row.pending_password) ?? undefined) : undefined
  const payload = { firstName: row.first_name, lastName: row.last_name, email: row.email, type: row.type, permissions, ...(password ? { password } : {}) }
  try {
    let externalId = row.external_id
    if (externalId) await service.updateUser(locationId, externalId, payload)
    else externalId = await service.createUser(locationId, payload)
    // Only the version we sent is marked: a change made meanwhile keeps its own job.
    await scopedUpdate(t, 'crm_users').set({ added_to_crm: true, external_id: externalId }).where('id', '=', row.id).execute()
    // The password and error are cleared only for the version sent: a change made meanwhile keeps its own.
    await scopedUpdate(t, 'crm_users').set({ sync_error: null, pending_password: null }).where('id', '=', row.id).where('version', '=', row.version).execute()
  } catch (error) {
    await scopedUpdate(t, 'crm_users')
      .set({ sync_error: errorJson(error).slice(0, 2000) })
      .where('id', '=', row.id)
      .execute()
    throw error
  }
  return 'synced'
}

export async function deleteFromCrm(t: TenantScope, externalId: string, service: CrmService | null = crmService()): Promise<void> {
  if (!service) throw new Error('No CRM configured')
  const locationId = await locationOf(t)
  if (!locationId) return
  await service.deleteUser(locationId, externalId)
}

/**
 * The CRM's contacts become the organisation's leads (source 'crm', ADR 0050): captureLead is safe to
 * call again for the same contact, and a contact that is no lead (no valid e-mail) is skipped.
 */
export async function importCrmContacts(t: TenantScope, service: CrmService | null = crmService()): Promise<number> {
  if (!service) return 0
  const locationId = await locationOf(t)
  if (!locationId) return 0
  let imported = 0
  for (const c of await service.listContacts(locationId)) {
    try {
      await captureLead(t, { source: 'crm', email: c.email, firstName: c.firstName || undefined, lastName: c.lastName || undefined, phone: c.phone ?? undefined, externalId: c.id })
      imported++
    } catch (error) {
      if (!(error instanceof ZodError)) throw error
    }
  }
  return imported
}
