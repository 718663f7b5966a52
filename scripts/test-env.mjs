// Starts this checkout's test MariaDB and Redis (left running) and prints their environment, so one
// test file can run without the whole suite: eval "$(node scripts/test-env.mjs)" && npx vitest run <file>
import path from 'node:path'
import { root, startMariaDb, startRedis } from './services.mjs'

// What the services say goes to stderr: stdout carries only the export line.
console.log = console.error
const dir = path.join(root, '.data/test')
const db = await startMariaDb({ dir, port: 3317, database: 'draftdesk_test' })
const redis = await startRedis({ dir, port: 6390 })
process.stdout.write(`export APP_ENV=test SESSION_SECRET=local-development-secret-not-for-production DATABASE_URL=${db.url} REDIS_URL=${redis.url}\n`)
