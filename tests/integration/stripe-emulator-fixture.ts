// A Stripe emulator of the test file's own, closed after the file. Call it inside vi.hoisted: the app
// reads its settings once (env()), so STRIPE_API_URL must name this emulator before any app module loads.
//   const emulator = await vi.hoisted(async () => (await import('./stripe-emulator-fixture')).emulatorForThisFile())
import { afterAll } from 'vitest'
import { startStripeEmulator, type StripeEmulator } from '../../tools/stripe-emulator'

/** `env`: more settings the file needs in place as early (removed again after the file). */
export async function emulatorForThisFile(env: Record<string, string> = {}): Promise<StripeEmulator> {
  const emulator = await startStripeEmulator({ port: 0 })
  process.env.STRIPE_API_URL = emulator.url
  delete process.env.STRIPE_SECRET_KEY
  Object.assign(process.env, env)
  afterAll(async () => {
    await emulator.close()
    for (const name of Object.keys(env)) delete process.env[name]
  })
  return emulator
}
