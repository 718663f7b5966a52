// Connect: /v1/accounts (express onboarding states) and /v1/account_links (onboarding URLs).
import { changeWithEvent } from '../changes'
import type { Emulator } from '../emulator'
import { invalidRequest, resourceMissing } from '../errors'
import { newId } from '../ids'
import { expandPaths, mergeMetadata, oneOf, optString, reqString } from '../params'
import { expand, renderAccount } from '../render'
import { newestFirst, paginate, route, type HandlerContext } from '../router'
import type { AccountRecord } from '../state'

export function findAccount(em: Emulator, id: string, param?: string): AccountRecord {
  const account = em.store.accounts.get(id)
  if (!account) throw resourceMissing('account', id, param)
  return account
}

/** Sets onboarding flags (the emulator's stand-in for the account holder finishing Stripe's forms). */
export function setAccountState(em: Emulator, account: AccountRecord, state: Partial<Pick<AccountRecord, 'details_submitted' | 'charges_enabled' | 'payouts_enabled'>>): void {
  changeWithEvent(
    em,
    'account.updated',
    () => renderAccount(account),
    () => Object.assign(account, state),
    em.clocks.globalNow(),
  )
}

function create({ em, params }: HandlerContext) {
  const type = oneOf(params, 'type', ['express', 'standard', 'custom'] as const) ?? 'express'
  const now = em.clocks.globalNow()
  const account: AccountRecord = {
    id: newId('acct').slice(0, 21),
    created: now,
    type,
    country: optString(params, 'country') ?? 'US',
    email: optString(params, 'email') ?? null,
    default_currency: 'usd',
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    metadata: mergeMetadata({}, params),
  }
  em.store.accounts.set(account.id, account)
  return expand(em, renderAccount(account), expandPaths(params))
}

function update({ em, params, path }: HandlerContext) {
  const account = findAccount(em, path.id!)
  changeWithEvent(
    em,
    'account.updated',
    () => renderAccount(account),
    () => {
      const email = optString(params, 'email')
      if (email !== undefined) account.email = email || null
      account.metadata = mergeMetadata(account.metadata, params)
    },
    em.clocks.globalNow(),
  )
  return renderAccount(account)
}

function createAccountLink({ em, params }: HandlerContext) {
  const account = findAccount(em, reqString(params, 'account'), 'account')
  const type = oneOf(params, 'type', ['account_onboarding', 'account_update'] as const)
  if (!type) throw invalidRequest('Missing required param: type.', 'type', 'parameter_missing')
  const returnUrl = reqString(params, 'return_url')
  const refreshUrl = optString(params, 'refresh_url') ?? returnUrl
  const now = em.clocks.globalNow()
  const query = new URLSearchParams({ return_url: returnUrl, refresh_url: refreshUrl })
  return { object: 'account_link', created: now, expires_at: now + 300, url: `${em.baseUrl}/_emulator/connect/onboard/${account.id}?${query}` }
}

export const connectRoutes = [
  route('POST', '/v1/accounts', create),
  route('GET', '/v1/accounts', ({ em, params }) => paginate('/v1/accounts', newestFirst(em.store.accounts.values()), params, renderAccount)),
  route('GET', '/v1/accounts/:id', ({ em, params, path }) => expand(em, renderAccount(findAccount(em, path.id!)), expandPaths(params))),
  route('POST', '/v1/accounts/:id', update),
  route('POST', '/v1/account_links', createAccountLink),
]
