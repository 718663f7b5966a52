// Public surface of the local Stripe emulator for tests and scripts.
export { DEFAULT_WEBHOOK_SECRET, startStripeEmulator, type StripeEmulator, type StripeEmulatorOptions } from './server'
export { TEST_CARDS } from './resources/payment-methods'
export { loadFixtures, type StripeFixtures } from './fixtures'
