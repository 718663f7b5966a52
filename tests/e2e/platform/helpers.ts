// Shared steps for the platform specs: wait for hydration when JavaScript runs, unique names.
import type { Page } from '@playwright/test'

export async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.locator('[data-hydrated]').first().waitFor()
}

export function unique(prefix: string) {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`
}
