// CLI entry: `tsx tools/stripe-emulator/main.ts` serves the emulator with settings from the environment.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { StripeFixtures } from './fixtures'
import { DEFAULT_WEBHOOK_SECRET, startStripeEmulator } from './server'

/** STRIPE_EMULATOR_FIXTURES: a module whose `stripeFixtures` export exists from the start (fixtures.ts). */
async function fixturesFrom(file: string | undefined): Promise<StripeFixtures | undefined> {
  if (!file) return undefined
  const module = (await import(pathToFileURL(path.resolve(file)).href)) as { stripeFixtures?: StripeFixtures }
  if (!module.stripeFixtures) throw new Error(`${file} exports no stripeFixtures`)
  return module.stripeFixtures
}

const port = Number(process.env.STRIPE_EMULATOR_PORT ?? 12111)
const webhookUrl = process.env.STRIPE_EMULATOR_WEBHOOK_URL
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? DEFAULT_WEBHOOK_SECRET

const emulator = await startStripeEmulator({
  port,
  host: process.env.STRIPE_EMULATOR_HOST ?? '127.0.0.1',
  webhookUrl,
  webhookSecret,
  log: process.env.STRIPE_EMULATOR_LOG === 'true',
  fixtures: await fixturesFrom(process.env.STRIPE_EMULATOR_FIXTURES),
})
console.log(`Stripe emulator listening on ${emulator.url} (webhooks: ${webhookUrl || 'none'})`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void emulator.close().then(() => process.exit(0))
  })
}
