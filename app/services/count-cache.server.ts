// Totals of very long lists, remembered briefly (ADR 0029). Counting 400,000 orders through an index
// still reads 400,000 index entries (~200 ms), and fifty people paging the same list would each pay it.
// A total under COUNT_CACHE_FROM (10,000 unless set) is always counted afresh, so every list a person can check
// by eye is exact; a larger one may lag by up to COUNT_CACHE_SECONDS (30 unless set), which nobody can tell from "1–50 of 412,136".
// Remembered in Redis, so every app process answers from the same total (ADR 0096), and in each process
// until the moment its Redis key expires (ADR 0111): no total outlives COUNT_CACHE_SECONDS from its count, and a page
// does not pay a Redis round trip for a total this process has already seen.
import { sha256 } from './crypto.server'
import { env } from './env.server'
import { redis } from './redis.server'
import { BoundedMap } from '#app/rules/bounded-map'

/** How long a total is remembered (COUNT_CACHE_SECONDS), in seconds. */
const ttlSeconds = () => env().COUNT_CACHE_SECONDS
/** Keys one process keeps at most (each filter and search is a key of its own); the oldest go first. */
const LOCAL_KEYS = 2000

/** Concurrent misses in this process share one count instead of starting fifty. */
const inFlight = new Map<string, Promise<unknown>>()

/** This process's copies, each until the moment its Redis key expires, never later. */
const local = new BoundedMap<string, { value: unknown; expiresAt: number }>(LOCAL_KEYS)

function keepLocally(key: string, value: unknown, expiresAt: number) {
  // Kept as the newest copy.
  local.delete(key)
  local.set(key, { value, expiresAt })
}

/** The remembered value and when its key expires (one round trip); null when absent, unreadable or Redis is away. */
async function readShared<T>(key: string, parse: (raw: string) => T | null): Promise<{ value: T; expiresAt: number } | null> {
  const asked = Date.now()
  const answers = await redis()
    .pipeline()
    .get(key)
    .pttl(key)
    .exec()
    .catch(() => null)
  const raw = answers?.[0]?.[1]
  const ttl = answers?.[1]?.[1]
  if (typeof raw !== 'string' || typeof ttl !== 'number' || ttl <= 0) return null
  const value = parse(raw)
  // Measured from before the question: the copy ends no later than the key does.
  return value === null ? null : { value, expiresAt: asked + Math.min(ttl, ttlSeconds() * 1000) }
}

/** Forgets this process's copies (tests: another process's view of the same Redis). */
export function forgetLocalCounts() {
  local.clear()
}

/** The hash of each filter set asked for lately: a list asked for again and again hashes it once (ADR 0115). */
const partsHashes = new BoundedMap<string, string>(LOCAL_KEYS)
const LONGEST_PARTS_KEPT = 512

/** A Redis key for `parts` (tenant first, so one organisation's totals never answer another's). */
export function countKey(list: string, clientId: number, parts: unknown): string {
  const serialised = JSON.stringify(parts)
  let hash = partsHashes.get(serialised)
  if (hash === undefined) {
    hash = sha256(serialised)
    if (serialised.length <= LONGEST_PARTS_KEPT) partsHashes.set(serialised, hash)
  }
  return `count:${list}:${clientId}:${hash}`
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
 * `compute()`, or what it answered for this key within COUNT_CACHE_SECONDS when `large(value)` said it was counted
 * from that many rows (ADR 0105: contributors' order counts); `parse` reads a remembered value back (null: recompute).
 */
export async function rememberedValue<T>(key: string, compute: () => Promise<T>, large: (value: T) => boolean, parse: (raw: string) => T | null): Promise<T> {
  const kept = local.get(key)
  if (kept && kept.expiresAt > Date.now()) return kept.value as T
  const running = inFlight.get(key) as Promise<T> | undefined
  if (running) return running
  const computing = lookUpOrCompute(key, compute, large, parse).finally(() => inFlight.delete(key))
  inFlight.set(key, computing)
  return computing
}

async function lookUpOrCompute<T>(key: string, compute: () => Promise<T>, large: (value: T) => boolean, parse: (raw: string) => T | null): Promise<T> {
  const shared = await readShared(key, parse)
  if (shared) {
    keepLocally(key, shared.value, shared.expiresAt)
    return shared.value
  }
  const counted = Date.now()
  const value = await compute()
  if (large(value)) {
    await redis()
      .set(key, typeof value === 'number' ? String(value) : JSON.stringify(value), 'EX', ttlSeconds())
      .catch(() => undefined)
    keepLocally(key, value, counted + ttlSeconds() * 1000)
  }
  return value
}
