// Totals of very long lists, remembered briefly (ADR 0029). Counting 400,000 orders through an index
// still reads 400,000 index entries (~200 ms), and fifty people paging the same list would each pay it.
// A total under COUNT_CACHE_FROM (10,000 unless set) is always counted afresh, so every list a person can check
// by eye is exact; a larger one may lag by up to TTL_SECONDS, which nobody can tell from "1–50 of 412,136".
// Remembered in Redis, so every app process answers from the same total (ADR 0096).
import { sha256 } from './crypto.server'
import { env } from './env.server'
import { redis } from './redis.server'

const TTL_SECONDS = 30

/** Concurrent misses in this process share one count instead of starting fifty. */
const inFlight = new Map<string, Promise<unknown>>()

/** A Redis key for `parts` (tenant first, so one organisation's totals never answer another's). */
export function countKey(list: string, clientId: number, parts: unknown): string {
  return `count:${list}:${clientId}:${sha256(JSON.stringify(parts))}`
}

/** `count()`, or a remembered total of at least `large` for this key; Redis trouble only means counting. */
export async function rememberedCount(key: string, count: () => Promise<number>, opts: { large?: number } = {}): Promise<number> {
  const large = opts.large ?? env().COUNT_CACHE_FROM
  return rememberedValue(
    key,
    count,
    (n) => n >= large,
    (raw) => (Number.isFinite(Number(raw)) ? Number(raw) : null),
  )
}

/**
 * `compute()`, or what it answered for this key within TTL_SECONDS when `large(value)` said it was counted
 * from that many rows (ADR 0105: contributors' order counts); `parse` reads a remembered value back (null: recompute).
 */
export async function rememberedValue<T>(key: string, compute: () => Promise<T>, large: (value: T) => boolean, parse: (raw: string) => T | null): Promise<T> {
  const cached = await redis()
    .get(key)
    .catch(() => null)
  const remembered = cached === null ? null : parse(cached)
  if (remembered !== null) return remembered
  const running = inFlight.get(key) as Promise<T> | undefined
  if (running) return running
  const computing = compute().finally(() => inFlight.delete(key))
  inFlight.set(key, computing)
  const value = await computing
  if (large(value))
    await redis()
      .set(key, typeof value === 'number' ? String(value) : JSON.stringify(value), 'EX', TTL_SECONDS)
      .catch(() => undefined)
  return value
}
