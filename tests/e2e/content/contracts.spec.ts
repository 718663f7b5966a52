// Contract screens: create with the editor (JS) or HTML textarea (no JS), samples read-only and cloned,
// and contract HTML that can never run script.
import { platformDb } from '#app/services/db.server'
import { expect, test } from '#tests/e2e/fixtures'
import { seedId } from '#db/seed/ids'

const unique = (p: string) => `${p} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

test('create requires a name and saves the content @nojs', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test', 'Demo Writing Co')
  await page.goto('/products/contracts/create')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Enter Contract Name')).toBeVisible()
  const title = unique('Terms')
  await page.getByLabel('Contract Name').fill(title)
  if (test.info().project.name !== 'no-js') {
    await page.getByTestId('rich-text-editor').click()
    await page.keyboard.type('Delivery in five days.')
    await page.getByRole('button', { name: 'Bold' }).click()
  } else {
    await page.getByLabel('Content (HTML)').fill('<p>Delivery in five days.</p><script>alert(1)</script>')
  }
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/products\/contracts\/view/)
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: title })
  await row.getByRole('link', { name: `Edit ${title}` }).click()
  await expect(page.getByTestId('contract-content')).toContainText('Delivery in five days.')
  await expect(page.getByTestId('contract-content').locator('script')).toHaveCount(0)
})

test('a provider sample is read-only and can be cloned as "Copy of …" @nojs', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test', 'Demo Writing Co')
  await page.goto('/products/contracts/view')
  await page.getByRole('link', { name: 'View Privacy and Confidentiality Terms' }).click()
  await expect(page.getByText('This is a sample contract: it is read-only and can only be cloned.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Clone' }).click()
  await expect(page.getByLabel('Contract Name')).toHaveValue(/^Copy (\(\d+\) )?of Privacy and Confidentiality Terms$/)
  await page.getByRole('button', { name: 'Clone' }).click()
  await expect(page).toHaveURL(/\/products\/contracts\/view/)
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
})

test('contract HTML with script or onerror renders inert', async ({ page, loginAs }) => {
  // Written straight to the database, as if an older release had stored it unsanitized.
  const demo = await platformDb.selectFrom('organisations').select('id').where('name', '=', 'Demo Writing Co').executeTakeFirstOrThrow()
  const id = seedId(`e2e-evil-contract-${Date.now()}-${Math.random()}`)
  await platformDb
    .insertInto('contracts')
    .values({
      public_id: id,
      client_id: demo.id,
      title: 'Evil contract',
      content: '<p>Visible text</p><script>alert("x")</script><img src="nope.png" onerror="alert(\'y\')"><a href="javascript:alert(1)">link</a><svg onload="alert(2)"></svg>',
    })
    .execute()
  let dialogs = 0
  page.on('dialog', async (d) => {
    dialogs++
    await d.dismiss()
  })
  await loginAs('owner@demo.test', 'Demo Writing Co')
  await page.goto(`/products/contracts/edit/${id}`)
  const view = page.getByTestId('contract-content')
  await expect(view).toContainText('Visible text')
  await expect(view.locator('script, img, svg, [onerror], [onload]')).toHaveCount(0)
  await expect(page.locator('main script, [data-testid="rich-text-editor"] script')).toHaveCount(0)
  await expect(view.locator('a[href^="javascript"]')).toHaveCount(0)
  await page.waitForLoadState('networkidle')
  expect(dialogs).toBe(0)
})

test('another organisation cannot open the contract; staff is refused', async ({ page, loginAs }) => {
  await loginAs('owner2@demo.test', 'Rival Resumes')
  const response = await page.goto(`/products/contracts/edit/${seedId('contract:demo:standard')}`)
  expect(response?.status()).toBe(404)
  await loginAs('staff@demo.test', 'Demo Writing Co')
  expect((await page.goto('/products/contracts/view'))?.status()).toBe(403)
})
