// CLI entry: `tsx tools/stripe-emulator/main.ts` serves the emulator with settings from the environment.
import { DEFAULT_WEBHOOK_SECRET, startStripeEmulator } from './server'

const port = Number(process.env.STRIPE_EMULATOR_PORT ?? 12111)
const webhookUrl = process.env.STRIPE_EMULATOR_WEBHOOK_URL
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? DEFAULT_WEBHOOK_SECRET

const emulator = await startStripeEmulator({
  port,
  host: process.env.STRIPE_EMULATOR_HOST ?? '127.0.0.1',
  webhookUrl,
  webhookSecret,
  log: process.env.STRIPE_EMULATOR_LOG === 'true',
})
console.log(`Stripe emulator listening on ${emulator.url} (webhooks: ${webhookUrl || 'none'})`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void emulator.close().then(() => process.exit(0))
  })
}
