// The storefront's initial JavaScript (issue 24: at most 80 kB gzipped), measured as Chromium loads
// the shop with JavaScript on: its <script src> and modulepreload links, every script the browser
// fetches until the network is idle, and its inline scripts, each gzipped. The shop is served without
// React (ADR 0058); reached from a hydrated portal page, it still renders and sells in the app.
import zlib from 'node:zlib'
import { newPublicId } from '#app/services/crypto.server'
import { createConnectedAccount } from '#tests/factories/connect'
import { createProductWithWorkflow } from '#tests/factories/orders'
import { tenantWithSubdomain } from '#tests/security/helpers'
import { rawRequest } from '#tests/security/raw-http'
import { expect, test } from '../fixtures'
import { scriptsOf } from '../weight/scripts-of'

const BUDGET_BYTES = 80 * 1024

async function shopWorld() {
  const world = await tenantWithSubdomain('light', `Light ${newPublicId().slice(0, 6)}`)
  await createConnectedAccount({ clientId: world.org.id })
  await createProductWithWorkflow(world.org.id, { name: 'Resume Writing', priceCents: 10_000 })
  return { ...world, origin: `http://${world.host}` }
}

test('the storefront loads at most 80 kB of JavaScript, gzipped', async ({ page }) => {
  const shop = await shopWorld()
  const fetched = new Set<string>()
  page.on('request', (r) => {
    if (r.resourceType() === 'script') fetched.add(new URL(r.url()).pathname)
  })
  const answer = await page.goto(`${shop.origin}/`)
  await expect(page.getByRole('heading', { name: 'Resume Writing' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  const { external, inline } = scriptsOf(await answer!.text())
  const files = new Set([...external].map((src) => new URL(src, shop.origin).pathname).concat([...fetched]))
  const sizes: [string, number][] = []
  for (const path of files) {
    const res = await rawRequest({ path, headers: { Host: shop.host } })
    expect(res.status, path).toBe(200)
    sizes.push([path, zlib.gzipSync(res.body).length])
  }
  for (const [i, body] of inline.entries()) sizes.push([`inline script ${i + 1}`, zlib.gzipSync(body).length])
  const total = sizes.reduce((n, [, bytes]) => n + bytes, 0)
  const report = `${(total / 1024).toFixed(1)} kB gzipped: ${sizes.map(([what, bytes]) => `${what} ${(bytes / 1024).toFixed(1)} kB`).join(', ') || 'nothing'}`
  test.info().annotations.push({ type: 'storefront JavaScript', description: report })
  console.log(`Storefront initial JavaScript: ${report}`)
  expect(total, report).toBeLessThanOrEqual(BUDGET_BYTES)
})

test('reached from a hydrated portal page, the shop renders in the app and its add-to-cart works', async ({ page }) => {
  const shop = await shopWorld()
  await page.goto(`${shop.origin}/cart`)
  await page.waitForFunction(() => '__remixRouter' in window)
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  await page.getByRole('navigation', { name: 'Shop' }).getByRole('link', { name: 'Shop' }).click()
  await expect(page.getByRole('heading', { name: 'Our services' })).toBeVisible()
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
  await page.getByRole('button', { name: 'Add to cart Resume Writing' }).click()
  await expect(page).toHaveURL(`${shop.origin}/cart`)
  await expect(page.getByRole('link', { name: 'Cart (1)' })).toBeVisible()
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
})
