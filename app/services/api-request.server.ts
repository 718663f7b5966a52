// Reading JSON API requests: the body as an object (JSON or form encoded) and zod errors as the spec's messages.
import type { ZodError, ZodTypeAny, z } from 'zod'
import { apiJson } from './http.server'

/**
 * Keys a JSON body may not carry: an own `toString` or `valueOf` that is not a function makes the object
 * unconvertible, so String()/Number() in a schema's coercion would throw (a 500) instead of failing validation.
 */
const SHADOWING_KEYS = new Set(['toString', 'valueOf', 'toJSON', 'toLocaleString'])
const withoutShadowingKeys = (key: string, value: unknown) => (SHADOWING_KEYS.has(key) ? undefined : value)

export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? ''
  try {
    if (type.includes('application/json')) {
      const body: unknown = JSON.parse(await request.text(), withoutShadowingKeys)
      return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
    }
    if (type.includes('form')) return Object.fromEntries(await request.formData())
  } catch {
    return {}
  }
  return {}
}

/** The first message per field, plus a combined `error` string for clients that show one line. */
export function zodErrors(error: ZodError) {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'form'
    errors[key] ??= issue.message
  }
  return errors
}

export type Parsed<S extends ZodTypeAny> = { ok: true; data: z.infer<S> } | { ok: false; response: Response }

export async function parseBody<S extends ZodTypeAny>(request: Request, schema: S): Promise<Parsed<S>> {
  const result = schema.safeParse(await readBody(request))
  if (result.success) return { ok: true, data: result.data }
  const errors = zodErrors(result.error)
  return { ok: false, response: apiJson({ status: false, error: Object.values(errors)[0], errors }, 400) }
}

export function parseQuery<S extends ZodTypeAny>(request: Request, schema: S): Parsed<S> {
  const result = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (result.success) return { ok: true, data: result.data }
  const errors = zodErrors(result.error)
  return { ok: false, response: apiJson({ status: false, error: Object.values(errors)[0], errors }, 400) }
}

/** Resource routes answer 405 to methods they do not serve, instead of Remix's HTML error. */
export function methodNotAllowed() {
  return apiJson({ status: false, error: 'Method Not Allowed' }, 405)
}
