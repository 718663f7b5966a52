// Reads and checks the process environment once; the rest of the app imports typed settings.
import { isIP } from 'node:net'
import { z } from 'zod'

/** Express `trust proxy`: off, trust everything, a hop count, or a list of addresses/CIDRs/names. */
export type TrustProxy = boolean | number | string[]

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isAddressOrRange(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true
  const [address, bits, ...rest] = entry.split('/')
  const family = isIP(address ?? '')
  if (!family || rest.length > 0) return false
  if (bits === undefined) return true
  if (!/^\d{1,3}$/.test(bits)) return false
  return Number(bits) <= (family === 4 ? 32 : 128)
}

/** TRUST_PROXY as written in the environment; null when it is not a valid setting. */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  const v = (value ?? '').trim()
  if (v === '' || v === 'false') return false
  if (v === 'true') return true
  if (/^\d+$/.test(v)) return Number(v) === 0 ? false : Number(v)
  const entries = v.split(',').map((e) => e.trim())
  return entries.every(isAddressOrRange) ? entries : null
}

/** PLATFORM_APPLICATION_FEE_PERCENT as written (unset or empty: 0); null when it is not a percentage of 0..100. */
export function parseFeePercent(value: string | undefined): number | null {
  const v = (value ?? '').trim()
  if (v === '') return 0
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(v)) return null
  const percent = Number(v)
  return percent <= 100 ? percent : null
}

/** The origin of PUBLIC_URL (http or https, no path, query or credentials); null when it is not one. */
export function publicOriginOf(value: string): string | null {
  try {
    const url = new URL(value)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null
    return url.origin
  } catch {
    return null
  }
}

/** Where uploads and reports are kept (ADR 0088); also read alone by `npm run storage:migrate`. */
const storageFields = {
  /** `local` disk (STORAGE_DIR, default .data/uploads/<APP_ENV>) or an `s3` bucket. */
  STORAGE_BACKEND: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Another S3-compatible store (MinIO, Ceph, the local s3rver); AWS itself when unset. */
  S3_ENDPOINT: z.string().optional(),
  /** Without both, the SDK's own chain (AWS_* variables, an instance or task role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style addressing (`endpoint/bucket/key`); default on with S3_ENDPOINT, off for AWS. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
}
type StorageInput = z.infer<z.ZodObject<typeof storageFields>>

function checkStorage(e: StorageInput, ctx: z.RefinementCtx) {
  if (e.STORAGE_BACKEND === 's3' && !e.S3_BUCKET) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when STORAGE_BACKEND is s3 (the bucket uploads are kept in)' })
  }
  if (e.S3_ENDPOINT && !publicOriginOf(e.S3_ENDPOINT)) {
    ctx.addIssue({ code: 'custom', path: ['S3_ENDPOINT'], message: 'must be an http(s) origin without a path, e.g. http://127.0.0.1:4569' })
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all' })
  }
}

const forcePathStyle = (e: StorageInput) => (e.S3_FORCE_PATH_STYLE === undefined ? !!e.S3_ENDPOINT : e.S3_FORCE_PATH_STYLE === 'true')

const storageSchema = z
  .object({ APP_ENV: z.enum(['development', 'test', 'production']).default('production'), ...storageFields })
  .superRefine(checkStorage)
  .transform((e) => ({ ...e, S3_FORCE_PATH_STYLE: forcePathStyle(e) }))

export type StorageEnv = z.infer<typeof storageSchema>

/** Only the storage settings, for commands that need no database or Redis (storage:migrate). */
export function parseStorageEnv(source: Record<string, string | undefined>): StorageEnv {
  const parsed = storageSchema.safeParse(source)
  if (!parsed.success) throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  return parsed.data
}

const schema = z
  .object({
    APP_ENV: z.enum(['development', 'test', 'production']).default('production'),
    PORT: z.coerce.number().default(3000),
    /** Production only: the address to listen on. Development and tests always listen on loopback. */
    HOST: z.string().optional(),
    DATABASE_URL: z.string().min(1),
    REDIS_URL: z.string().min(1),
    SESSION_SECRET: z.string().min(16),
    SMTP_URL: z.string().optional(),
    SMTP_SINK_PORT: z.coerce.number().optional(),
    MAIL_FROM: z.string().default('Draftdesk <no-reply@draftdesk.local>'),
    /** Where every absolute link the app e-mails or returns points; never taken from the request. */
    PUBLIC_URL: z.string().optional(),
    TRUST_PROXY: z.string().optional(),
    INTERCOM_APP_ID: z.string().optional(),
    INTERCOM_IDENTITY_SECRET: z.string().optional(),
    ANALYTICS_KEY: z.string().optional(),
    RUN_WORKERS: z.enum(['true', 'false']).default('true'),
    /** From how many rows a list's total is remembered in Redis for all processes (ADR 0029, 0096); the cluster test lowers it. */
    COUNT_CACHE_FROM: z.coerce.number().int().positive().default(10_000),
    /** How long a remembered total lives, in Redis and each process's copy (ADR 0111); the cluster test shortens it to see it lapse. */
    COUNT_CACHE_SECONDS: z.coerce.number().int().positive().default(30),
    /** gzip level of pages and JSON (ADR 0104): 1 costs a quarter of the CPU of zlib's 6 for about 15% more bytes; assets keep 6. */
    COMPRESSION_LEVEL: z.coerce.number().int().min(0).max(9).default(1),
    /** Platform accounts must enrol TOTP before using the app (ADR 0012); defaults to on in production only. */
    TOTP_REQUIRED_FOR_PLATFORM: z.enum(['true', 'false']).optional(),
    /** A real Stripe secret key; without one (outside production) the SDK talks to the local emulator. */
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    /** Verifies webhook signatures (`whsec_...`); the emulator signs with the same value. */
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** Where the SDK sends requests when no STRIPE_SECRET_KEY is set, e.g. http://127.0.0.1:12111 (tools/stripe-emulator). */
    STRIPE_API_URL: z.string().optional(),
    /** The platform's share of each customer payment to an organisation (Connect application fee), 0 to 100 percent; 0 by default. */
    PLATFORM_APPLICATION_FEE_PERCENT: z.string().optional(),
    /** The external CRM's API (ADR 0049); outside production without it, the local emulator (tools/crm-emulator). */
    CRM_API_URL: z.string().optional(),
    CRM_API_KEY: z.string().optional(),
    /** The CRM's own web app, opened from the sidebar's external CRM link. */
    CRM_URL: z.string().optional(),
    /** The messaging provider's API; defaults to CRM_API_URL (the emulator serves both). */
    MESSAGING_API_URL: z.string().optional(),
    /** Encrypts messaging credentials at rest (at least 32 characters); derived from SESSION_SECRET when unset. */
    CRM_SECRET_KEY: z.string().min(32).optional(),
    /** The DNS servers custom domains are verified against (comma-separated, `ip` or `ip:port`); the system's when unset. */
    DNS_SERVERS: z.string().optional(),
    /** The SPF include naming the platform's sending servers, e.g. _spf.example.com; defaults to _spf.<PUBLIC_URL host>. */
    MAIL_SPF_INCLUDE: z.string().optional(),
    ...storageFields,
  })
  .superRefine((e, ctx) => {
    if (e.APP_ENV === 'production' && !e.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'required in production (the address e-mailed links point to, e.g. https://app.example.com)' })
    }
    if (e.PUBLIC_URL && !publicOriginOf(e.PUBLIC_URL)) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'must be an http(s) origin without a path, e.g. https://app.example.com' })
    } else if (e.APP_ENV === 'production' && e.PUBLIC_URL && new URL(e.PUBLIC_URL).protocol !== 'https:') {
      // The production session cookie is __Host- and Secure: over http the browser drops it and sign-in silently fails.
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'must be https in production (the session cookie is Secure), e.g. https://app.example.com' })
    }
    if (e.STRIPE_SECRET_KEY && !/^(sk|rk)_(test|live)_/.test(e.STRIPE_SECRET_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'must be a Stripe secret key (sk_test_..., sk_live_... or a restricted rk_ key)' })
    }
    if (e.STRIPE_API_URL && !publicOriginOf(e.STRIPE_API_URL)) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_API_URL'], message: 'must be an http(s) origin without a path, e.g. http://127.0.0.1:12111' })
    }
    if (parseFeePercent(e.PLATFORM_APPLICATION_FEE_PERCENT) === null) {
      ctx.addIssue({ code: 'custom', path: ['PLATFORM_APPLICATION_FEE_PERCENT'], message: 'must be a percentage from 0 to 100 with at most 4 decimals, e.g. 2.5' })
    }
    checkStorage(e, ctx)
    if (parseTrustProxy(e.TRUST_PROXY) === null) {
      ctx.addIssue({ code: 'custom', path: ['TRUST_PROXY'], message: 'must be false, true, a hop count, or a comma-separated list of addresses/CIDRs' })
    }
  })
  .transform((e) => ({
    ...e,
    PUBLIC_URL: publicOriginOf(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`)!,
    TRUST_PROXY: parseTrustProxy(e.TRUST_PROXY)!,
    PLATFORM_APPLICATION_FEE_PERCENT: parseFeePercent(e.PLATFORM_APPLICATION_FEE_PERCENT)!,
    // Production without HOST: every address, IPv6 and IPv4 (Node's own default); elsewhere loopback only.
    HOST: e.APP_ENV === 'production' ? e.HOST || undefined : '127.0.0.1',
    S3_FORCE_PATH_STYLE: forcePathStyle(e),
    TOTP_REQUIRED_FOR_PLATFORM: e.TOTP_REQUIRED_FOR_PLATFORM === undefined ? e.APP_ENV === 'production' : e.TOTP_REQUIRED_FOR_PLATFORM === 'true',
  }))

export type Env = z.infer<typeof schema>

let cached: Env | undefined

/** Parses an environment (process.env by default) or throws one message listing every problem. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = schema.safeParse(source)
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  }
  return parsed.data
}

export function env(): Env {
  return (cached ??= parseEnv(process.env))
}

export const isProduction = () => env().APP_ENV === 'production'

/** The in-process SMTP sink runs wherever no real SMTP server is configured outside production. */
export function smtpSinkPort(): number | null {
  const e = env()
  if (e.SMTP_URL || e.APP_ENV === 'production') return null
  return e.SMTP_SINK_PORT ?? (e.APP_ENV === 'test' ? 2535 : 2525)
}

/** The emulator's default address (tools/stripe-emulator/main.ts listens there unless told otherwise). */
export const STRIPE_EMULATOR_DEFAULT_URL = 'http://127.0.0.1:12111'

/**
 * Where the Stripe SDK connects: Stripe itself with a real key; outside production without one,
 * the local emulator with a placeholder test key. Null in production without a key (billing off).
 */
export function stripeConnection(e: Env = env()): { apiKey: string; apiUrl: string | null } | null {
  if (e.STRIPE_SECRET_KEY) return { apiKey: e.STRIPE_SECRET_KEY, apiUrl: e.STRIPE_API_URL ?? null }
  if (e.APP_ENV === 'production') return null
  return { apiKey: 'sk_test_emulator', apiUrl: e.STRIPE_API_URL ?? STRIPE_EMULATOR_DEFAULT_URL }
}
