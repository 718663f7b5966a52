// /auto-login/{code} for a log-in-as link (ADR 13): the GET asks "Sign in as <name> of <organisation>?", only the
// POST signs in, the link works only in the browser session that created it, and the banner's return comes back.
import { expect, test } from '#tests/e2e/fixtures'
import { createTenant, createUser } from '#tests/factories/index'

async function loginAsLink(page: import('@playwright/test').Page, baseURL: string, targetId: string) {
  const res = await page.request.post('/api/client/autologin/init', { headers: { Origin: new URL(baseURL).origin }, data: { _id: targetId, type: 'writer' } })
  expect(res.status()).toBe(200)
  return (await res.json()).link as string
}

test('asks first, signs in on the POST, and returns to the same account @nojs', async ({ page, loginAs, baseURL }) => {
  const { org, owner } = await createTenant()
  const writer = await createUser({ firstName: 'Wendy', lastName: 'Writer', memberships: [{ clientId: org.id, role: 'user', permissions: ['WRITER'] }] })
  await loginAs(owner.email)
  const link = await loginAsLink(page, baseURL!, writer.publicId)
  await page.goto(link)
  await expect(page.getByRole('heading', { name: `Sign in as Wendy Writer of ${org.name}?` })).toBeVisible()
  // Looking did not sign anyone in: the owner is still the owner.
  await page.goto('/profile')
  await expect(page.getByRole('region', { name: 'Profile details' })).toContainText(owner.email)

  await page.goto(link)
  await page.getByRole('button', { name: 'Sign in as Wendy Writer' }).click()
  // A contributor without VIEW_DASHBOARD lands where their own login would: their workspace (ADR 65).
  await expect(page).toHaveURL(/\/work$/)
  await expect(page.getByText('Signed in as Wendy Writer')).toBeVisible()
  await page.getByRole('button', { name: '(return)' }).click()
  await expect(page.getByText('Signed in as')).toHaveCount(0)
  await page.goto('/profile')
  await expect(page.getByRole('region', { name: 'Profile details' })).toContainText(owner.email)
})

test('opened in another browser it signs nobody in @nojs', async ({ page, loginAs, baseURL, browser, javaScriptEnabled }) => {
  const { org, owner } = await createTenant()
  const writer = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['WRITER'] }] })
  await loginAs(owner.email)
  const link = await loginAsLink(page, baseURL!, writer.publicId)

  const other = await browser.newContext({ javaScriptEnabled })
  const stranger = await other.newPage()
  await stranger.goto(link)
  await expect(stranger.getByRole('heading', { name: 'Error' })).toBeVisible()
  await expect(stranger.getByRole('alert')).toContainText('only works in the browser session that created it')
  await stranger.goto('/dashboard')
  await expect(stranger).toHaveURL(/\/login(\?|$)/)
  await other.close()

  // The creator can still use it.
  await page.goto(link)
  await page.getByRole('button', { name: /^Sign in as / }).click()
  await expect(page).toHaveURL(/\/work$/)
})
