import { createAutoLoginLink } from '#app/models/auto-login-links.server'
import { createOrganisation, createUser } from '#tests/factories/index'
import { expect, test } from '../fixtures'

test.describe('session pages', () => {
  test('logout ends the session @nojs', async ({ page, loginAs }) => {
    await loginAs('owner@demo.test')
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.goto('/logout')
    await expect(page).toHaveURL(/\/login$/)
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/login(\?|$)/)
  })

  test('the 2FA page without a pending login leaves @nojs', async ({ page }) => {
    const response = await page.request.get('/verify-2fa-code', { maxRedirects: 0 })
    expect(response.status()).toBe(302)
    expect(response.headers().location).toBe('/dashboard')
    await page.goto('/verify-2fa-code')
    await expect(page).toHaveURL(/\/login(\?|$)/)
  })

  test('the 2FA page sends a signed-in user to the dashboard @nojs', async ({ page, loginAs }) => {
    await loginAs('owner@demo.test')
    await page.goto('/verify-2fa-code')
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('a bogus auto-login link shows an error @nojs', async ({ page }) => {
    await page.goto('/auto-login/not-a-real-code')
    await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible()
    await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired.')
  })

  test('an auto-login link asks first, then replaces the current session and works once @nojs', async ({ page, loginAs }) => {
    const org = await createOrganisation()
    const target = await createUser({ firstName: 'Link', lastName: 'Target', memberships: [{ clientId: org.id, role: 'client' }] })
    const link = await createAutoLoginLink({ id: target.id }, { userId: target.id, clientId: org.id })
    await loginAs('staff@demo.test')
    // The GET only asks: nothing is spent and nobody is signed in or out.
    await page.goto(link)
    await expect(page.getByRole('heading', { name: `Sign in as Link Target of ${org.name}?` })).toBeVisible()
    await page.getByRole('button', { name: 'Sign in as Link Target' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    // The link is spent.
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible()
  })
})
