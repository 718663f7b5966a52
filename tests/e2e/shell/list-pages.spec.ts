// One pattern for list pages (ADR 0076): the h1 names what the page lists, the one "Create <Thing>" button
// sits at the header's right, row actions share one look; the profile names roles and permissions in words.
import { expect, test } from '#tests/e2e/fixtures'

const LISTS = [
  { path: '/customers/view', heading: 'Customers', create: 'Create Customer' },
  { path: '/products/view', heading: 'Products', create: 'Create Product' },
  { path: '/products/contracts/view', heading: 'Contracts', create: 'Create Contract' },
  { path: '/products/customer-coupons/view', heading: 'Coupons', create: 'Create Coupon' },
]

test('list pages share the header pattern and the row-action look; the profile speaks in words', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  for (const list of LISTS) {
    await page.goto(list.path)
    const header = page.getByRole('main').locator('[data-page-header]')
    const heading = header.getByRole('heading', { level: 1 })
    await expect(heading).toHaveText(list.heading)
    const create = header.locator('[data-create-button]')
    await expect(create).toHaveText(list.create)
    await expect(create).toHaveAttribute('href', /\/create$/)
    // At the header's right: after the heading on the same line, at 1440 px.
    const [h, c] = [await heading.boundingBox(), await create.boundingBox()]
    expect(c!.x).toBeGreaterThan(h!.x + h!.width)
  }
  // Row actions are small secondary buttons, delete in red and asked the same way.
  const deleteCoupon = page
    .getByRole('table')
    .getByRole('button', { name: /^Delete / })
    .first()
  await expect(deleteCoupon).toHaveClass(/btn-secondary/)
  await expect(deleteCoupon).toHaveClass(/text-red-700/)

  await page.goto('/profile')
  const card = page.getByRole('region', { name: 'Profile details' })
  const role = card.locator('dt', { hasText: /^Role$/ }).locator('xpath=following-sibling::dd')
  // The spec: the profile shows the role unless it is client.
  await expect(role).toHaveCount(0)

  await loginAs('staff@demo.test')
  await page.goto('/profile')
  await expect(role).toHaveText('Staff user')
  await expect(card).toContainText('Orders: Read orders')
  await expect(card).not.toContainText('READ_')
})
