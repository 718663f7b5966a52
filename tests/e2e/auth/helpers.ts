// Shared steps of the sign-in specs: the two-step login form, with or without JavaScript.
import { Redis } from 'ioredis'
import { expect, type Page } from '@playwright/test'

export const DEMO_PASSWORD = 'Demo-pass-2026'

/**
 * Fills the e-mail step. With JavaScript the organisations load while typing (or an alert says why
 * not); whenever the password field is still missing, "Next" posts the e-mail step.
 */
export async function enterEmail(page: Page, email: string, javaScriptEnabled: boolean) {
  await page.getByLabel('Email', { exact: true }).fill(email)
  const password = page.getByLabel('Password', { exact: true })
  if (javaScriptEnabled) await expect(password.or(page.getByRole('alert'))).toBeVisible()
  if (!(await password.isVisible())) await page.getByRole('button', { name: 'Next' }).click()
}

export async function logIn(page: Page, email: string, password: string, javaScriptEnabled: boolean, organisation?: string) {
  await page.goto('/login')
  await enterEmail(page, email, javaScriptEnabled)
  if (organisation) await page.getByLabel('Organization').selectOption({ label: organisation })
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
}

/**
 * Every request of the suite comes from one address, so per-IP limits (2FA guesses, reset
 * requests) would trip after a few runs; the specs that spend them start from a clean count.
 */
export async function clearIpLimits(prefixes: string[]) {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6390')
  try {
    for (const prefix of prefixes) {
      const keys = await redis.keys(`rl:${prefix}:*`)
      if (keys.length) await redis.del(...keys)
    }
  } finally {
    await redis.quit()
  }
}
