// The customer portal's buying half (issue 24) in Chromium on an organisation's own host, with
// JavaScript on and off (@nojs): browse, add two products, apply a coupon, accept the agreement, pay
// with the emulator's test card, see the confirmation; the orders, the multiOrders invoice and both
// e-mails exist. A declined card makes nothing.
import { newPublicId } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { createConnectedAccount } from '#tests/factories/connect'
import { TEST_PASSWORD, uniqueEmail } from '#tests/factories/index'
import { createProductWithWorkflow } from '#tests/factories/orders'
import { waitForMail } from '#tests/mailbox'
import { tenantWithSubdomain } from '#tests/security/helpers'
import { expect, test } from '../fixtures'

async function shopWorld() {
  const world = await tenantWithSubdomain('shop', `Shop ${newPublicId().slice(0, 6)}`)
  const clientId = world.org.id
  await createConnectedAccount({ clientId })
  const contract = await platformDb
    .insertInto('contracts')
    .values({ public_id: newPublicId(), client_id: clientId, title: 'Service agreement', content: '<p>We write your documents; you review each draft within 7 days.</p>' })
    .executeTakeFirstOrThrow()
  const resume = await createProductWithWorkflow(clientId, { name: 'Resume Writing', priceCents: 10_000 })
  const linkedin = await createProductWithWorkflow(clientId, { name: 'LinkedIn Profile', priceCents: 5_000 })
  await platformDb
    .updateTable('products')
    .set({ contract_id: Number(contract.insertId), description: 'An ATS-friendly resume.' })
    .where('id', '=', resume.productId)
    .execute()
  const code = `SAVE${newPublicId().slice(0, 5).toUpperCase()}`
  await platformDb
    .insertInto('coupons')
    .values({
      public_id: newPublicId(),
      client_id: clientId,
      coupon_code: code,
      discount_type: 'percent',
      value: 10,
      max_redemptions: 3,
      redeem_by: new Date(Date.now() + 86_400_000),
    })
    .execute()
  return { ...world, origin: `http://${world.host}`, code, resume, linkedin }
}

test('a customer buys two products with a coupon and an agreement, and both e-mails arrive @nojs', async ({ page, loginAs }) => {
  const shop = await shopWorld()
  const email = uniqueEmail('buyer')
  await page.goto(`${shop.origin}/`)
  await expect(page.getByRole('heading', { name: 'Our services' })).toBeVisible()
  await expect(page.getByText('An ATS-friendly resume.')).toBeVisible()
  await page.getByRole('button', { name: 'Add to cart Resume Writing' }).click()
  await expect(page).toHaveURL(`${shop.origin}/cart`)
  await page.goto(`${shop.origin}/`)
  await page.getByRole('button', { name: 'Add to cart LinkedIn Profile' }).click()
  await expect(page.getByRole('link', { name: 'Cart (2)' })).toBeVisible()

  await page.getByLabel('Coupon code').fill(shop.code)
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText(`Discount (${shop.code})`)).toBeVisible()
  await expect(page.getByRole('definition').filter({ hasText: /^\$135$/ })).toBeVisible()

  await page.getByRole('link', { name: 'Checkout' }).click()
  await page.getByLabel('First name').fill('Gina')
  await page.getByLabel('Last name').fill('Guest')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel(/^Password/).fill(TEST_PASSWORD)
  await expect(page.getByRole('region', { name: 'Service agreement' })).toContainText('review each draft within 7 days')
  await page.getByLabel('Type your full name to accept the agreement').fill('Gina Guest')
  await page.getByLabel('Card (test mode)').selectOption('pm_card_visa')
  await page.getByRole('button', { name: 'Pay now' }).click()

  await expect(page.getByRole('heading', { name: 'Thank you! Your order is placed.' })).toBeVisible()
  await expect(page.getByText('Resume Writing')).toBeVisible()
  await expect(page.getByRole('link', { name: 'My account', exact: true })).toBeVisible()

  const orders = await platformDb.selectFrom('orders').select(['id', 'cart_id', 'price_cents']).where('client_id', '=', shop.org.id).execute()
  expect(orders.map((o) => Number(o.price_cents)).sort()).toEqual([4_500, 9_000])
  expect(new Set(orders.map((o) => o.cart_id)).size).toBe(1)
  const invoice = await platformDb.selectFrom('order_invoices').selectAll().where('client_id', '=', shop.org.id).executeTakeFirstOrThrow()
  expect(invoice).toMatchObject({ type: 'multiOrders', status: 'paid', price_cents: 13_500 })
  await waitForMail(email, /We received your order/)
  await waitForMail(email, /Payment received: \$135/)

  // The agreement as signed, for the customer and in the back office.
  await page.getByRole('link', { name: 'View the agreement you signed for Resume Writing' }).click()
  await expect(page.getByRole('heading', { name: 'Signed agreement: Service agreement' })).toBeVisible()
  await expect(page.getByText('Gina Guest')).toBeVisible()
  const signed = await platformDb
    .selectFrom('orders')
    .select('public_id')
    .where('client_id', '=', shop.org.id)
    .where('package_name', '=', 'Resume Writing')
    .executeTakeFirstOrThrow()
  await loginAs(shop.owner.email, shop.org.name)
  await page.goto(`/project/view/${signed.public_id}`)
  await expect(page.getByRole('heading', { name: 'Signed agreement: Service agreement' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Text of Service agreement' })).toContainText('review each draft within 7 days')
})

test('a declined card makes nothing and says why @nojs', async ({ page }) => {
  const shop = await shopWorld()
  await page.goto(`${shop.origin}/checkout?item=${shop.linkedin.productPublicId}`)
  await page.getByLabel('First name').fill('Dee')
  await page.getByLabel('Last name').fill('Clined')
  await page.getByLabel('E-mail').fill(uniqueEmail('declined'))
  await page.getByLabel(/^Password/).fill(TEST_PASSWORD)
  await page.getByLabel('Card (test mode)').selectOption('pm_card_chargeDeclined')
  await page.getByRole('button', { name: 'Pay now' }).click()
  await expect(page.getByText('Your card was declined.')).toBeVisible()
  await expect(page.getByLabel('First name')).toHaveValue('Dee')
  expect(await platformDb.selectFrom('orders').select('id').where('client_id', '=', shop.org.id).execute()).toEqual([])
  expect(await platformDb.selectFrom('order_invoices').select('id').where('client_id', '=', shop.org.id).execute()).toEqual([])
})

test('an organisation that cannot take charges shows its products and no way to pay', async ({ page }) => {
  const world = await tenantWithSubdomain('closed')
  await createProductWithWorkflow(world.org.id, { name: 'Cover Letter', priceCents: 7_900 })
  await page.goto(`http://${world.host}/`)
  await expect(page.getByRole('heading', { name: 'Cover Letter' })).toBeVisible()
  await expect(page.getByText('We are not taking orders yet.')).toBeVisible()
  await expect(page.getByRole('button', { name: /Add to cart/ })).toHaveCount(0)
})

test('the add-to-cart link adds the product and goes on only to the organisation’s own host', async ({ page }) => {
  const shop = await shopWorld()
  await page.goto(`${shop.origin}/cart?addItem=${shop.resume.productPublicId}&redirectTo=${encodeURIComponent('https://evil.example/phish')}`)
  await expect(page).toHaveURL(`${shop.origin}/cart`)
  await expect(page.getByRole('link', { name: 'Resume Writing' })).toBeVisible()
  await page.goto(`${shop.origin}/cart?addItem=${shop.linkedin.productPublicId}&redirectTo=${encodeURIComponent(`${shop.origin}/shop/${shop.resume.productPublicId}`)}`)
  await expect(page).toHaveURL(`${shop.origin}/shop/${shop.resume.productPublicId}`)
  await expect(page.getByRole('link', { name: 'Cart (2)' })).toBeVisible()
})
