// The memory settings of every app process (web and worker; ADR 0105), one place for npm start, npm run
// worker, npm run cluster, the bench and the tests' cluster; the Dockerfile sets the same values.

/**
 * V8's old generation limit, in MB. A loaded web process holds about 110 MB of live objects; without a
 * limit V8 sizes its heap from the machine's memory (4 GB here) and lets garbage pile up to a gigabyte
 * under load. 256 MB keeps a process with its code and native memory under a 512 MB container.
 */
export const HEAP_LIMIT_MB = 256
// server.ts lets the heap grow 2x past the live objects between full GCs (ADR 0111), within this same limit.

/**
 * glibc's allocator: two arenas instead of eight per core, and a fixed mmap threshold, so a freed
 * large block (argon2's 19 MB per password hash, on each of libuv's threads) goes back to the system
 * instead of staying in its thread's arena (about 100 MB after a burst of sign-ins otherwise).
 */
export const MALLOC_SETTINGS = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' }

/** `env` for an app process: the allocator settings and the heap limit, unless the environment sets its own. */
export function withMemorySettings(env) {
  const options = env.NODE_OPTIONS ?? ''
  return {
    ...MALLOC_SETTINGS,
    ...env,
    NODE_OPTIONS: /--max-old-space-size/.test(options) ? options : `${options} --max-old-space-size=${HEAP_LIMIT_MB}`.trim(),
  }
}
