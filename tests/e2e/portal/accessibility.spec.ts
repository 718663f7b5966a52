// The customer portal's pages (issue 24) with axe at a desktop and a phone width: no serious or
// critical violation, nothing scrolls sideways on a 390 px phone, and the purchase works by keyboard.
import type { Page } from '@playwright/test'
import { newPublicId } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { createConnectedAccount } from '#tests/factories/connect'
import { TEST_PASSWORD, uniqueEmail } from '#tests/factories/index'
import { createProductWithWorkflow } from '#tests/factories/orders'
import { tenantWithSubdomain } from '#tests/security/helpers'
import { expect, test } from '../fixtures'
import { expectAccessible, WIDTHS } from './axe'

async function brandedShop() {
  const world = await tenantWithSubdomain('a11y', `Access ${newPublicId().slice(0, 6)}`)
  await createConnectedAccount({ clientId: world.org.id })
  // The demo's dark green bar with the default dark text (1.12:1) must still read.
  await platformDb
    .insertInto('website_customizations')
    .values({
      client_id: world.org.id,
      company_phone: '+1 555 0100',
      company_address: '1 Main Street, Springfield',
      company_email: 'hello@example.test',
      top_bar_bg_color: '#125320',
      footer_bg_color: '#125320',
      linkedin_link: 'https://www.linkedin.com/company/example',
    })
    .execute()
  const contract = await platformDb
    .insertInto('contracts')
    .values({ public_id: newPublicId(), client_id: world.org.id, title: 'Service agreement', content: '<p>Terms.</p>'.repeat(40) })
    .executeTakeFirstOrThrow()
  const product = await createProductWithWorkflow(world.org.id, { name: 'Resume Writing', priceCents: 10_000 })
  await platformDb
    .updateTable('products')
    .set({ contract_id: Number(contract.insertId), description: 'An ATS-friendly resume.' })
    .where('id', '=', product.productId)
    .execute()
  return { ...world, origin: `http://${world.host}`, product }
}

for (const size of WIDTHS) {
  test(`every portal page passes axe at ${size.width} px`, async ({ page }) => {
    // Six axe runs and a purchase: more than the default 30 s on a busy two-core machine.
    test.slow()
    await page.setViewportSize({ width: size.width, height: size.height })
    const shop = await brandedShop()
    await page.goto(`${shop.origin}/`)
    await expectAccessible(page, `shop (${size.name})`)
    await page.goto(`${shop.origin}/shop/${shop.product.productPublicId}`)
    await expectAccessible(page, `product (${size.name})`)
    await page.goto(`${shop.origin}/cart`)
    await expectAccessible(page, `empty cart (${size.name})`)
    await page.goto(`${shop.origin}/cart?addItem=${shop.product.productPublicId}`)
    await page.getByLabel('Coupon code').fill('NOPE')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByText('This coupon code is not valid')).toBeVisible()
    await expectAccessible(page, `cart with an error (${size.name})`)
    await page.goto(`${shop.origin}/checkout`)
    await page.getByRole('button', { name: 'Pay now' }).click()
    await expect(page.getByText('First name is required')).toBeVisible()
    await expectAccessible(page, `checkout with errors (${size.name})`)
    await page.getByLabel('First name').fill('Kay')
    await page.getByLabel('Last name').fill('Board')
    await page.getByLabel('E-mail').fill(uniqueEmail('a11y'))
    await page.getByLabel(/^Password/).fill(TEST_PASSWORD)
    await page.getByLabel('Type your full name to accept the agreement').fill('Kay Board')
    await page.getByLabel('Card (test mode)').selectOption('pm_card_visa')
    await page.getByRole('button', { name: 'Pay now' }).click()
    await expect(page.getByRole('heading', { name: 'Thank you! Your order is placed.' })).toBeVisible()
    await expectAccessible(page, `confirmation (${size.name})`)
  })
}

/** Presses Tab until the focused element is the one named (as a keyboard user would reach it). */
async function tabTo(page: Page, role: 'button' | 'link' | 'textbox' | 'combobox', name: string | RegExp) {
  const target = page.getByRole(role, { name }).first()
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((el) => el === document.activeElement)) return
  }
  throw new Error(`Tab never reached ${role} ${String(name)}`)
}

test('a purchase works with the keyboard alone on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const shop = await brandedShop()
  await page.goto(`${shop.origin}/`)
  await tabTo(page, 'button', 'Add to cart Resume Writing')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(`${shop.origin}/cart`)
  await tabTo(page, 'link', 'Checkout')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
  await tabTo(page, 'textbox', 'First name')
  await page.keyboard.type('Kay')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Board')
  await page.keyboard.press('Tab')
  await page.keyboard.type(uniqueEmail('keys'))
  await page.keyboard.press('Tab')
  await page.keyboard.type(TEST_PASSWORD)
  // The agreement scrolls by keyboard: it is focusable.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('region', { name: 'Service agreement' })).toBeFocused()
  await page.keyboard.press('PageDown')
  await tabTo(page, 'textbox', 'Type your full name to accept the agreement')
  await page.keyboard.type('Kay Board')
  await tabTo(page, 'combobox', 'Card (test mode)')
  await page.keyboard.press('ArrowDown')
  await tabTo(page, 'button', 'Pay now')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Thank you! Your order is placed.' })).toBeVisible()
})
