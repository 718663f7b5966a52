// The spec's message lookup for any failure answer: message, data.message, data.error, error, errors.
export const FALLBACK_MESSAGE = 'Please Try Again Later!'

/** Returns the first message found; objects and arrays become one line per entry (shown as a list). */
export function messageFrom(body: unknown, fallback: string | null = FALLBACK_MESSAGE): string | null {
  if (!body || typeof body !== 'object') return fallback
  const b = body as Record<string, unknown>
  const d = (b.data && typeof b.data === 'object' ? b.data : {}) as Record<string, unknown>
  for (const value of [b.message, d.message, d.error, b.error, b.errors]) {
    if (typeof value === 'string' && value) return value
    if (value && typeof value === 'object') {
      const lines = Object.values(value).flat().map(String).filter(Boolean)
      if (lines.length) return lines.join('\n')
    }
  }
  return fallback
}
