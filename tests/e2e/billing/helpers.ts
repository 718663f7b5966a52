// Shared steps of the billing screens: the SDK on the emulator the test server talks to (STRIPE_API_URL).
import type { Page } from '@playwright/test'
import { createStripeClient, paymentsService } from '#app/services/stripe.server'

export function emulatorUrl(): string {
  if (!process.env.STRIPE_API_URL) throw new Error('Set STRIPE_API_URL to the emulator the test server uses')
  return process.env.STRIPE_API_URL
}

export function stripeSdk() {
  const stripe = createStripeClient('sk_test_e2e_billing', emulatorUrl())
  return { stripe, payments: paymentsService(stripe) }
}

/** With JavaScript, waits until the page's scripts have taken over (so a click is handled by them). */
export async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.locator('[data-hydrated]').waitFor()
}
