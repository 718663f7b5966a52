// Customers' single-use links (ADR 0059): the e-mailed sign-in link (15 minutes), the welcome link that sets a
// first password (7 days) and the log-in-as hand-off code (2 minutes) that carries an admin from their own host
// to the organisation's. Each is a 256-bit token stored hashed in auth_tokens, bound to one realm, spent by a POST.
import { newToken, sha256 } from '#app/services/crypto.server'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { hashPassword } from '#app/services/password.server'
import { enqueue } from '#app/services/queue.server'
import { consume, resetLimit, TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import { revokeUserSessions, type SessionData } from '#app/services/session.server'
import { loginAccountKey } from '#app/rules/login-limits'
import { findAccount, normalizeEmail } from './account.server'
import { recordAudit } from './audit.server'
import { customerActor, customerSession, type SignedInCustomer } from './customer-sign-in.server'
import { subdomainOrigin } from './domains.server'
import { loadPortalCustomer } from './portal-auth.server'
import { INVALID_LINK, type RequestContext } from './sign-in.server'
import { queueEmail } from './system-mail.server'

const MINUTE = 60 * 1000
export const SIGN_IN_LINK_TTL = 15 * MINUTE
export const WELCOME_LINK_TTL = 7 * 24 * 60 * MINUTE
export const HANDOFF_TTL = 2 * MINUTE

export { NO_PORTAL_HOST, SIGN_IN_LINK_SENT } from './customer-accounts.schema'

export type PortalLinkPurpose = 'portal_sign_in' | 'portal_welcome' | 'portal_handoff'

/** Where a link is opened: the request's IP and the organisation whose host it came to (null: the platform host). */
export type LinkContext = RequestContext & { hostClientId: number | null }

type LinkFailure = { ok: false; status: 401 | 429; message: string }
type TokenRow = { id: number; user_id: number; client_id: number | null; data: unknown }

/** Handed from the admin's host to the organisation's: who acts, and where they go back to. */
type HandoffData = { actorUserId: number; actorClientId: number | null; returnUrl: string }

/**
 * A live token of this purpose for this organisation: unknown, spent, expired or another realm's are all the
 * same INVALID_LINK, and a refused token is left unspent. `platformHostToo` also accepts it on the platform
 * host (setting a password there signs nobody in); sign-in links and hand-offs work on the organisation's host only.
 */
async function liveToken(purpose: PortalLinkPurpose, code: string, ctx: LinkContext, opts: { platformHostToo?: boolean } = {}): Promise<TokenRow | LinkFailure> {
  if (!(await consume('autoLoginPerIp', ctx.ip))) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS }
  const row =
    code && code.length <= 128
      ? await platformDb
          .selectFrom('auth_tokens')
          .select(['id', 'user_id', 'client_id', 'data', 'used_at', 'expires_at'])
          .where('token_hash', '=', sha256(code))
          .where('purpose', '=', purpose)
          .executeTakeFirst()
      : undefined
  if (!row || row.used_at || row.expires_at.getTime() <= Date.now() || row.client_id === null) return { ok: false, status: 401, message: INVALID_LINK }
  const hostOk = row.client_id === ctx.hostClientId || (opts.platformHostToo === true && ctx.hostClientId === null)
  if (!hostOk) return { ok: false, status: 401, message: INVALID_LINK }
  return row
}

const failed = (x: TokenRow | LinkFailure): x is LinkFailure => 'ok' in x

/** Only the request that flips used_at spends a token: two at once, one wins. */
async function claim(row: TokenRow): Promise<boolean> {
  const claimed = await platformDb.updateTable('auth_tokens').set({ used_at: new Date() }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst()
  return Number(claimed.numUpdatedRows) === 1
}

/** A new token for an account; earlier unspent ones of the same purpose die, so only the newest e-mail works. */
async function issueToken(purpose: PortalLinkPurpose, account: { userId: number; clientId: number }, ttl: number, data: object = {}): Promise<string> {
  await platformDb
    .updateTable('auth_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', account.userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute()
  const token = newToken()
  await platformDb
    .insertInto('auth_tokens')
    .values({ purpose, token_hash: sha256(token), user_id: account.userId, client_id: account.clientId, data: JSON.stringify(data), expires_at: new Date(Date.now() + ttl) })
    .execute()
  return token
}

async function organisationName(clientId: number): Promise<string> {
  return (await platformDb.selectFrom('organisations').select('name').where('id', '=', clientId).executeTakeFirst())?.name ?? ''
}

// ---- Sign-in links --------------------------------------------------------------------------------------

/**
 * Always the same answer in the same time (ADR 3's rule for resets): the lookup and the e-mail happen in a
 * job. Limited per address asking here, and per account in the job, where a refusal is not visible.
 */
export async function requestSignInLink(clientId: number, email: string, ctx: RequestContext): Promise<{ ok: true } | { ok: false; status: 429; message: string }> {
  if (!(await consume('signInLinksPerIp', ctx.ip))) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS }
  await enqueue('sign-in-link', { clientId, email: normalizeEmail(email) })
  return { ok: true }
}

/** Runs in the worker: a link for an active customer of this realm, on its subdomain host; otherwise nothing. */
export async function sendSignInLink(clientId: number, email: string): Promise<'sent' | 'skipped'> {
  const account = await findAccount(clientId, email)
  const customer = account ? await loadPortalCustomer(account.id, clientId) : null
  if (!customer) return 'skipped'
  if (!(await consume('signInLinksPerEmail', loginAccountKey(clientId, customer.email)))) return 'skipped'
  const origin = await subdomainOrigin(tenantForJob(clientId))
  if (!origin) return 'skipped'
  const token = await issueToken('portal_sign_in', { userId: customer.id, clientId }, SIGN_IN_LINK_TTL)
  await queueEmail({
    clientId,
    to: customer.email,
    template: 'customer_sign_in_link',
    fields: { customerFirstName: customer.firstName, companyName: await organisationName(clientId) },
    buttonPath: `/login/link/${token}`,
    credential: true,
  })
  await recordAudit({ clientId, ...customerActor(customer), module: 'auth', action: 'sign_in_link_sent', status: 'success', message: 'Sign-in link e-mailed' })
  return 'sent'
}

export type LinkPreview = { ok: true; name: string; email: string; organisation: string } | LinkFailure

async function previewOf(purpose: PortalLinkPurpose, code: string, ctx: LinkContext, opts: { platformHostToo?: boolean } = {}): Promise<LinkPreview> {
  const row = await liveToken(purpose, code, ctx, opts)
  if (failed(row)) return row
  const customer = await loadPortalCustomer(row.user_id, row.client_id!)
  if (!customer) return { ok: false, status: 401, message: INVALID_LINK }
  return { ok: true, name: `${customer.firstName} ${customer.lastName}`.trim() || customer.email, email: customer.email, organisation: await organisationName(row.client_id!) }
}

/** For the link's page: whom it signs in, without spending it (mail scanners fetch links). */
export function previewSignInLink(code: string, ctx: LinkContext): Promise<LinkPreview> {
  return previewOf('portal_sign_in', code, ctx)
}

export type OpenedLink = { ok: true; customer: SignedInCustomer; session: SessionData } | LinkFailure

/** The POST of the link's page: spends it (once, within 15 minutes, on its own organisation's host) and signs in. */
export async function openSignInLink(code: string, ctx: LinkContext): Promise<OpenedLink> {
  const row = await liveToken('portal_sign_in', code, ctx)
  if (failed(row)) return row
  const customer = await loadPortalCustomer(row.user_id, row.client_id!)
  if (!customer || !(await claim(row))) return { ok: false, status: 401, message: INVALID_LINK }
  await recordAudit({
    clientId: customer.clientId,
    ...customerActor(customer),
    module: 'auth',
    action: 'login',
    status: 'success',
    ip: ctx.ip,
    message: 'Signed in with an e-mailed sign-in link',
  })
  return { ok: true, customer, session: customerSession(customer) }
}

// ---- Welcome links --------------------------------------------------------------------------------------

/**
 * The welcome e-mail of a customer created in the back office: a link to choose a password (no password
 * travels by e-mail). The job id makes a retried create send one.
 */
export async function queueWelcomeEmail(clientId: number, customer: { userId: number; email: string; firstName: string; createdAt: Date }, companyName: string) {
  const token = await issueToken('portal_welcome', { userId: customer.userId, clientId }, WELCOME_LINK_TTL)
  await queueEmail(
    {
      clientId,
      to: customer.email,
      template: 'customer_welcome',
      fields: { customerFirstName: customer.firstName, companyName, customerEmail: customer.email },
      buttonPath: `/welcome/${token}`,
      credential: true,
    },
    { jobId: `welcome-customer-${clientId}-${customer.userId}-${customer.createdAt.getTime()}` },
  )
}

/** For the welcome page: whose password the link sets. Its subdomain host, or the platform host for a business without one. */
export function previewWelcomeLink(code: string, ctx: LinkContext): Promise<LinkPreview> {
  return previewOf('portal_welcome', code, ctx, { platformHostToo: true })
}

export type WelcomeOutcome = { ok: true; customer: SignedInCustomer; session: SessionData | null } | LinkFailure

/**
 * Sets the customer's first password (ending any session the account had) and, on the organisation's own
 * host, signs them in; on the platform host there is no portal to sign in to.
 */
export async function setPasswordWithWelcomeLink(code: string, password: string, ctx: LinkContext): Promise<WelcomeOutcome> {
  const row = await liveToken('portal_welcome', code, ctx, { platformHostToo: true })
  if (failed(row)) return row
  const customer = await loadPortalCustomer(row.user_id, row.client_id!)
  if (!customer || !(await claim(row))) return { ok: false, status: 401, message: INVALID_LINK }
  const now = new Date()
  await platformDb
    .updateTable('users')
    .set({ password_hash: await hashPassword(password), password_changed_at: now, updated_at: now })
    .where('id', '=', customer.id)
    .where('client_id', '=', customer.clientId)
    .execute()
  await revokeUserSessions(customer.id)
  await resetLimit('loginFailuresPerAccount', loginAccountKey(customer.clientId, customer.email))
  await recordAudit({
    clientId: customer.clientId,
    ...customerActor(customer),
    module: 'auth',
    action: 'password_reset',
    status: 'success',
    ip: ctx.ip,
    message: 'Password chosen with the welcome link',
  })
  return { ok: true, customer, session: ctx.hostClientId === customer.clientId ? customerSession(customer) : null }
}

// ---- Log-in-as hand-off ---------------------------------------------------------------------------------

/**
 * After an admin spent a log-in-as link of a customer in their own session (on their own host), a code that
 * the organisation's subdomain host exchanges for a customer session: single use, 2 minutes, that realm only.
 * null when the organisation has no subdomain (no host the platform controls to send it to).
 */
export async function createPortalHandoff(target: { userId: number; clientId: number }, handoff: HandoffData): Promise<string | null> {
  const origin = await subdomainOrigin(tenantForJob(target.clientId))
  if (!origin) return null
  const token = await issueToken('portal_handoff', target, HANDOFF_TTL, handoff)
  return `${origin}/login/handoff/${token}`
}

export type HandoffPreview = { ok: true; name: string; organisation: string } | LinkFailure

export async function previewHandoff(code: string, ctx: LinkContext): Promise<HandoffPreview> {
  const preview = await previewOf('portal_handoff', code, ctx)
  return preview.ok ? { ok: true, name: preview.name, organisation: preview.organisation } : preview
}

export type OpenedHandoff = { ok: true; customer: SignedInCustomer; actor: { userId: number; clientId: number | null }; returnUrl: string } | LinkFailure

/** Spends the hand-off code on the organisation's host; the caller starts the log-in-as session. */
export async function openHandoff(code: string, ctx: LinkContext): Promise<OpenedHandoff> {
  const row = await liveToken('portal_handoff', code, ctx)
  if (failed(row)) return row
  const data = row.data as Partial<HandoffData>
  const customer = await loadPortalCustomer(row.user_id, row.client_id!)
  if (!customer || typeof data.actorUserId !== 'number' || typeof data.returnUrl !== 'string' || !(await claim(row))) {
    return { ok: false, status: 401, message: INVALID_LINK }
  }
  await recordAudit({
    clientId: customer.clientId,
    ...customerActor(customer),
    actorUserId: data.actorUserId,
    module: 'auth',
    action: 'auto_login',
    status: 'success',
    ip: ctx.ip,
    message: `Opened the customer portal as ${customer.email} with a log-in-as link`,
  })
  return { ok: true, customer, actor: { userId: data.actorUserId, clientId: data.actorClientId ?? null }, returnUrl: data.returnUrl }
}
