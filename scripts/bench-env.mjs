// Starts this checkout's bench MariaDB and Redis (left running, data kept from the last npm run bench) and
// prints their environment, so one bench script can run again without reseeding a million orders:
// eval "$(node scripts/bench-env.mjs)" && BENCH_ONLY=lists npx tsx tests/bench/index.ts
// BENCH_PORT=<port> node scripts/bench-env.mjs also starts the Stripe emulator (its fixtures, webhooks to that port),
// left running too, for the pages that ask Stripe (the shop).
import path from 'node:path'
import { root, startMariaDb, startRedis, startStripeEmulator } from './services.mjs'

// What the services say goes to stderr: stdout carries only the export line.
console.log = console.error
const dir = path.join(root, '.data/bench')
const db = await startMariaDb({ dir, port: 3327, database: 'draftdesk_bench' })
const redis = await startRedis({ dir, port: 6400 })
const stripe = process.env.BENCH_PORT
  ? await startStripeEmulator({ dir, port: 12131, webhookUrl: `http://127.0.0.1:${process.env.BENCH_PORT}/api/webhooks/stripe`, fixtures: 'db/seed/stripe-fixtures.ts' })
  : null
const stripeEnv = stripe ? ` STRIPE_API_URL=${stripe.url} STRIPE_WEBHOOK_SECRET=${stripe.secret}` : ''
process.stdout.write(`export APP_ENV=test SESSION_SECRET=local-development-secret-not-for-production DATABASE_URL=${db.url} REDIS_URL=${redis.url}${stripeEnv}\n`)
