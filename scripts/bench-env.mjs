// Starts this checkout's bench MariaDB and Redis (left running, data kept from the last npm run bench) and
// prints their environment, so one bench script can run again without reseeding a million orders:
// eval "$(node scripts/bench-env.mjs)" && BENCH_ONLY=lists npx tsx tests/bench/index.ts
import path from 'node:path'
import { root, startMariaDb, startRedis } from './services.mjs'

// What the services say goes to stderr: stdout carries only the export line.
console.log = console.error
const dir = path.join(root, '.data/bench')
const db = await startMariaDb({ dir, port: 3327, database: 'draftdesk_bench' })
const redis = await startRedis({ dir, port: 6400 })
process.stdout.write(`export APP_ENV=test SESSION_SECRET=local-development-secret-not-for-production DATABASE_URL=${db.url} REDIS_URL=${redis.url}\n`)
