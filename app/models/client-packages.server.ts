// Subscription plans (client packages, platform-wide): list, create (mirrored to a Stripe product and
// price), activate/deactivate (the price follows), visibility and description. Platform staff only.
import { sql } from 'kysely'
import type { AuthUser } from './account.server'
import { audited } from './audit.server'
import { isDuplicateKey } from './people.server'
import { type ClientPackageInput, type CrmPermissionKey, allCrmPermissions, PACKAGE_FAILED, PACKAGE_NOT_FOUND, PRICE_ID_FORMAT } from './client-packages.schema'
import { centsToAmount, DEFAULT_CURRENCY } from '#app/rules/money'
import { isPlaceholderProviderId } from '#app/rules/provider-ids'
import { likePattern, type TableQuery } from '#app/rules/table-query'
import { newPublicId, sha256 } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import type { PaymentsService } from '#app/services/stripe.server'
import { publicUrl } from '#app/services/public-url.server'
import type { ClientPackage } from '#db/tables/platform'

export const PRICE_NOT_FOUND = 'The payment provider has no price with this id'
export const PRICE_IN_USE = 'Another package already uses this price id'

export type ClientPackageJson = {
  _id: string
  packageName: string
  maxUsers: number
  price: number
  currency: string
  priceId: string
  trialPackage: boolean
  trialDays: number | null
  oneTimePay: boolean
  leadsPackage: boolean
  usersUpgradePackage: boolean
  recurringInterval: 'month' | 'year'
  description: string
  isVisible: boolean
  active: boolean
  createdAt: string
  crmUserPermissions: Record<CrmPermissionKey, boolean>
  maxCrmUsers: number
}

export function toClientPackageJson(row: ClientPackage): ClientPackageJson {
  return {
    _id: row.public_id,
    packageName: row.package_name,
    maxUsers: Number(row.max_users),
    price: centsToAmount(Number(row.price_cents)),
    currency: row.currency,
    priceId: row.stripe_price_id,
    trialPackage: !!row.trial_package,
    trialDays: row.trial_days === null ? null : Number(row.trial_days),
    oneTimePay: !!row.one_time_pay,
    leadsPackage: !!row.leads_package,
    usersUpgradePackage: !!row.users_upgrade_package,
    recurringInterval: row.recurring_interval,
    description: row.description ?? '',
    isVisible: !!row.is_visible,
    active: !!row.active,
    createdAt: new Date(row.created_at).toISOString(),
    // A flag missing from a stored row (added to the list later) reads as on, its default.
    crmUserPermissions: { ...allCrmPermissions(), ...(row.crm_user_permissions ?? {}) },
    maxCrmUsers: Number(row.max_crm_users),
  }
}

/** The public checkout link of a plan, from configuration (PUBLIC_URL), never the request's Host. */
export function checkoutLink(packageId: string): string {
  return publicUrl(`/checkout?item=${encodeURIComponent(packageId)}`)
}

export async function listClientPackages(): Promise<ClientPackage[]> {
  return platformDb.selectFrom('client_packages').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute()
}

/** One page of /packages/view, searched by name; newest first. */
export async function pageClientPackages(page: Pick<TableQuery, 'search' | 'start' | 'size'>): Promise<{ rows: ClientPackage[]; count: number }> {
  let query = platformDb.selectFrom('client_packages')
  if (page.search) query = query.where('package_name', 'like', likePattern(page.search))
  const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
  const rows = await query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.size).offset(page.start).execute()
  return { rows, count: Number(count) }
}

export async function findClientPackage(publicId: string): Promise<ClientPackage | undefined> {
  if (!publicId || publicId.length > 64) return undefined
  return platformDb.selectFrom('client_packages').selectAll().where('public_id', '=', publicId).executeTakeFirst()
}

/** What a buyer at checkout sees of a plan: never the provider ids, CRM flags or flags for our own use. */
export type CheckoutPackageJson = Pick<
  ClientPackageJson,
  '_id' | 'packageName' | 'maxUsers' | 'price' | 'trialPackage' | 'trialDays' | 'recurringInterval' | 'oneTimePay' | 'description'
>

export function toCheckoutPackageJson(row: ClientPackage): CheckoutPackageJson {
  const { _id, packageName, maxUsers, price, trialPackage, trialDays, recurringInterval, oneTimePay, description } = toClientPackageJson(row)
  return { _id, packageName, maxUsers, price, trialPackage, trialDays, recurringInterval, oneTimePay, description }
}

/** A plan anyone may buy at /checkout?item=: active and visible (ADR 0034). */
export async function findPurchasablePackage(publicId: string): Promise<ClientPackage | undefined> {
  const row = await findClientPackage(publicId)
  return row && row.active && row.is_visible ? row : undefined
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 502; error: string; field?: string }

const isMissingResource = (error: unknown) => (error as { code?: string } | null)?.code === 'resource_missing'

function providerFailure(what: string, error: unknown): { ok: false; status: 502; error: string } {
  console.error(`[client-packages] ${what} failed at the payment provider`, error instanceof Error ? error.message : error)
  return { ok: false, status: 502, error: PACKAGE_FAILED }
}

/**
 * One form (its request key) sending the same values gives the same key: a double submit or a retry
 * reuses the first product and price, and the unique price id then finds the first plan. A new form,
 * or changed values, make a new price.
 */
function idempotencyKey(actor: Pick<AuthUser, 'id'>, input: ClientPackageInput, requestKey: string): string {
  return `client-package-${sha256(JSON.stringify([actor.id, requestKey, input]))}`
}

/** The provider's price for the plan: the given one after checking it exists, else a new product and price. */
async function providerPrice(
  actor: Pick<AuthUser, 'id'>,
  input: ClientPackageInput,
  payments: PaymentsService,
  requestKey: string,
): Promise<Outcome<{ priceId: string; productId: string | null }>> {
  if (input.priceId) {
    if (isPlaceholderProviderId(input.priceId)) return { ok: false, status: 400, error: PRICE_ID_FORMAT, field: 'priceId' }
    try {
      const price = await payments.getPrice(input.priceId)
      return { ok: true, value: { priceId: price.priceId, productId: price.productId } }
    } catch (error) {
      if (isMissingResource(error)) return { ok: false, status: 400, error: PRICE_NOT_FOUND, field: 'priceId' }
      return providerFailure('price lookup', error)
    }
  }
  const common = {
    productName: input.packageName,
    description: input.description ?? undefined,
    unitAmountCents: Math.round(input.price * 100),
    currency: DEFAULT_CURRENCY,
    metadata: { source: 'draftdesk-client-package' },
  }
  try {
    const key = idempotencyKey(actor, input, requestKey)
    const price = input.oneTimePay ? await payments.createOneTimePrice(common, key) : await payments.createPlanPrice({ ...common, interval: input.recurringInterval }, key)
    return { ok: true, value: { priceId: price.priceId, productId: price.productId } }
  } catch (error) {
    return providerFailure('product and price creation', error)
  }
}

/** Provider first, then the row: a provider failure saves nothing. */
export async function createClientPackage(actor: Pick<AuthUser, 'id'>, input: ClientPackageInput, payments: PaymentsService, requestKey: string): Promise<Outcome<ClientPackage>> {
  const price = await providerPrice(actor, input, payments, requestKey)
  if (!price.ok) return price
  const publicId = newPublicId()
  try {
    await platformDb
      .insertInto('client_packages')
      .values({
        public_id: publicId,
        package_name: input.packageName,
        max_users: input.maxUsers,
        price_cents: Math.round(input.price * 100),
        currency: DEFAULT_CURRENCY,
        stripe_price_id: price.value.priceId,
        stripe_product_id: price.value.productId,
        trial_package: input.trialPackage,
        trial_days: input.trialDays,
        one_time_pay: input.oneTimePay,
        leads_package: input.leadsPackage,
        users_upgrade_package: input.usersUpgradePackage,
        recurring_interval: input.recurringInterval,
        description: input.description,
        is_visible: input.isVisible,
        active: input.active,
        crm_user_permissions: JSON.stringify(input.crmUserPermissions),
        max_crm_users: input.maxCrmUsers,
      })
      .execute()
  } catch (error) {
    if (!isDuplicateKey(error)) throw error
    const existing = await platformDb.selectFrom('client_packages').selectAll().where('stripe_price_id', '=', price.value.priceId).executeTakeFirst()
    // The same submission twice: the first one's plan is the answer.
    if (existing && existing.package_name === input.packageName && !input.priceId) return { ok: true, value: existing }
    return { ok: false, status: 400, error: PRICE_IN_USE, field: 'priceId' }
  }
  return { ok: true, value: (await findClientPackage(publicId))! }
}

/** The price follows the plan: a deactivated plan's price cannot start new subscriptions. */
export async function setClientPackageActive(row: ClientPackage, active: boolean, payments: PaymentsService): Promise<Outcome<ClientPackage>> {
  if (!isPlaceholderProviderId(row.stripe_price_id)) {
    try {
      await payments.setPriceActive(row.stripe_price_id, active)
    } catch (error) {
      return providerFailure(active ? 'price activation' : 'price deactivation', error)
    }
  }
  await platformDb
    .updateTable('client_packages')
    .set({ active, updated_at: sql<Date>`CURRENT_TIMESTAMP(3)` })
    .where('id', '=', row.id)
    .execute()
  return { ok: true, value: (await findClientPackage(row.public_id))! }
}

export async function setClientPackageFields(row: ClientPackage, fields: { is_visible?: boolean; description?: string | null }): Promise<ClientPackage> {
  await platformDb
    .updateTable('client_packages')
    .set({ ...fields, updated_at: sql<Date>`CURRENT_TIMESTAMP(3)` })
    .where('id', '=', row.id)
    .execute()
  return (await findClientPackage(row.public_id))!
}

type Actor = Pick<AuthUser, 'id' | 'firstName' | 'lastName' | 'role' | 'clientId'>

const MODULE = 'client_packages'

/** The mutations as routes call them (create and the active switch write an audit row, success or refusal). */
export const clientPackageActions = {
  async create(actor: Actor, request: Request, input: ClientPackageInput, payments: PaymentsService, requestKey: string): Promise<Outcome<ClientPackage>> {
    const result = await createClientPackage(actor, input, payments, requestKey)
    return audited(
      actor,
      request,
      {
        module: MODULE,
        action: 'create',
        message: result.ok
          ? `Created package "${result.value.package_name}" (${result.value.public_id}, ${result.value.stripe_price_id})`
          : `Package "${input.packageName}" not created: ${result.error}`,
      },
      result,
    )
  },
  async setActive(actor: Actor, request: Request, publicId: string, active: boolean, payments: PaymentsService): Promise<Outcome<ClientPackage>> {
    const row = await findClientPackage(publicId)
    const result: Outcome<ClientPackage> = row ? await setClientPackageActive(row, active, payments) : { ok: false, status: 404, error: PACKAGE_NOT_FOUND }
    return audited(
      actor,
      request,
      {
        module: MODULE,
        action: active ? 'activate' : 'deactivate',
        message: result.ok
          ? `${active ? 'Activated' : 'Deactivated'} package "${result.value.package_name}" (${publicId})`
          : `Package ${publicId.slice(0, 64)} not ${active ? 'activated' : 'deactivated'}: ${result.error}`,
      },
      result,
    )
  },
  async setVisible(actor: Actor, request: Request, publicId: string, isVisible: boolean): Promise<Outcome<ClientPackage>> {
    const row = await findClientPackage(publicId)
    if (!row) return { ok: false, status: 404, error: PACKAGE_NOT_FOUND }
    const value = await setClientPackageFields(row, { is_visible: isVisible })
    await audited(actor, request, { module: MODULE, action: 'visible', message: `Made package "${row.package_name}" (${publicId}) ${isVisible ? 'visible' : 'hidden'}` }, row)
    return { ok: true, value }
  },
  async setDescription(actor: Actor, request: Request, publicId: string, description: string): Promise<Outcome<ClientPackage>> {
    const row = await findClientPackage(publicId)
    if (!row) return { ok: false, status: 404, error: PACKAGE_NOT_FOUND }
    const value = await setClientPackageFields(row, { description: description || null })
    await audited(actor, request, { module: MODULE, action: 'description', message: `Changed the description of package "${row.package_name}" (${publicId})` }, row)
    return { ok: true, value }
  },
}
