// Reads and checks the process environment once; the rest of the app imports typed settings.
import { z } from 'zod'

const schema = z.object({
  APP_ENV: z.enum(['development', 'test', 'production']).default('production'),
  PORT: z.coerce.number().default(3000),
  DATABASE_URL: z.string().min(1),
  REDIS_URL: z.string().min(1),
  SESSION_SECRET: z.string().min(16),
  SMTP_URL: z.string().optional(),
  SMTP_SINK_PORT: z.coerce.number().optional(),
  MAIL_FROM: z.string().default('Draftdesk <no-reply@draftdesk.local>'),
  PUBLIC_URL: z.string().optional(),
  INTERCOM_APP_ID: z.string().optional(),
  INTERCOM_IDENTITY_SECRET: z.string().optional(),
  ANALYTICS_KEY: z.string().optional(),
  RUN_WORKERS: z.enum(['true', 'false']).default('true'),
})

export type Env = z.infer<typeof schema>

let cached: Env | undefined

export function env(): Env {
  if (!cached) {
    const parsed = schema.safeParse(process.env)
    if (!parsed.success) {
      throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
    }
    cached = parsed.data
  }
  return cached
}

export const isProduction = () => env().APP_ENV === 'production'

/** The in-process SMTP sink runs wherever no real SMTP server is configured outside production. */
export function smtpSinkPort(): number | null {
  const e = env()
  if (e.SMTP_URL || e.APP_ENV === 'production') return null
  return e.SMTP_SINK_PORT ?? (e.APP_ENV === 'test' ? 2535 : 2525)
}
