// crmService: the ONLY place that talks to the external CRM and the messaging provider (ADR 0049).
// Plain fetch against the configured URLs; outside production without CRM_API_URL, the local emulator.
import { env, type Env } from './env.server'

/** The emulator's default address (tools/crm-emulator/main.ts listens there unless told otherwise). */
export const CRM_EMULATOR_DEFAULT_URL = 'http://127.0.0.1:12311'
const TIMEOUT_MS = 10_000

/** A refusal or failure of the CRM, with what it said: `message` and per-field `crmErrors` (spec section 8). */
export class CrmApiError extends Error {
  constructor(
    message: string,
    public status: number,
    public crmErrors: Record<string, string> | null = null,
  ) {
    super(message)
    this.name = 'CrmApiError'
  }
  /** 4xx other than 408/429 will not get better by retrying. */
  get permanent() {
    return this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429
  }
}

export type CrmConnection = { apiUrl: string; apiKey: string; messagingUrl: string; appUrl: string | null }

export function crmConnection(e: Env = env()): CrmConnection | null {
  const apiUrl = e.CRM_API_URL ?? (e.APP_ENV === 'production' ? null : CRM_EMULATOR_DEFAULT_URL)
  if (!apiUrl) return null
  return {
    apiUrl: apiUrl.replace(/\/+$/, ''),
    apiKey: e.CRM_API_KEY ?? 'crm_test_emulator',
    messagingUrl: (e.MESSAGING_API_URL ?? apiUrl).replace(/\/+$/, ''),
    appUrl: e.CRM_URL ?? null,
  }
}

export type CrmUserPayload = { firstName: string; lastName: string; email: string; type: 'admin' | 'user'; permissions: Record<string, boolean>; password?: string }
export type CrmContact = { id: string; email: string; firstName: string; lastName: string; phone: string | null }

function errorOf(status: number, body: unknown): CrmApiError {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  const crmErrors =
    b.crmErrors && typeof b.crmErrors === 'object' ? Object.fromEntries(Object.entries(b.crmErrors as Record<string, unknown>).map(([k, v]) => [k, String(v)])) : null
  const message = typeof b.message === 'string' && b.message ? b.message : `The CRM answered ${status}`
  return new CrmApiError(message.slice(0, 500), status, crmErrors)
}

async function call<T>(base: string, apiKey: string, method: string, path: string, body?: unknown): Promise<T> {
  let res: Response
  try {
    res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch {
    throw new CrmApiError('The CRM could not be reached, try again later', 503)
  }
  const text = await res.text()
  let parsed: unknown = null
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {}
  if (!res.ok) throw errorOf(res.status, parsed)
  return parsed as T
}

export type CrmService = ReturnType<typeof makeCrmService>

function makeCrmService(c: CrmConnection) {
  const crm = <T>(method: string, path: string, body?: unknown) => call<T>(c.apiUrl, c.apiKey, method, path, body)
  return {
    appUrl: c.appUrl,
    async createLocation(input: { clientId: string; name: string }): Promise<string> {
      const res = await crm<{ location: { id: string } }>('POST', '/v1/locations', input)
      return res.location.id
    },
    async createUser(locationId: string, user: CrmUserPayload): Promise<string> {
      const res = await crm<{ user: { id: string } }>('POST', `/v1/locations/${encodeURIComponent(locationId)}/users`, user)
      return res.user.id
    },
    async updateUser(locationId: string, userId: string, user: CrmUserPayload): Promise<void> {
      await crm('PUT', `/v1/locations/${encodeURIComponent(locationId)}/users/${encodeURIComponent(userId)}`, user)
    },
    async deleteUser(locationId: string, userId: string): Promise<void> {
      try {
        await crm('DELETE', `/v1/locations/${encodeURIComponent(locationId)}/users/${encodeURIComponent(userId)}`)
      } catch (error) {
        // Already gone there: the delete is done.
        if (!(error instanceof CrmApiError && error.status === 404)) throw error
      }
    },
    async listContacts(locationId: string): Promise<CrmContact[]> {
      const res = await crm<{ contacts: CrmContact[] }>('GET', `/v1/locations/${encodeURIComponent(locationId)}/contacts`)
      return Array.isArray(res?.contacts) ? res.contacts : []
    },
    /** The messaging provider checks the account credentials before we store them. */
    async verifyMessagingAccount(input: { accountSid: string; authToken: string }): Promise<void> {
      await call(c.messagingUrl, c.apiKey, 'POST', '/v1/messaging/accounts/verify', input)
    },
  }
}

/** Null when no CRM is configured (production without CRM_API_URL): CRM is then never available. */
export function crmService(e: Env = env()): CrmService | null {
  const c = crmConnection(e)
  return c ? makeCrmService(c) : null
}
