import { NO_ACCOUNT_FOR_EMAIL, ORGANISATION_REQUIRED } from '#app/models/login.schema'
import { createUser } from '#tests/factories/index'
import { expect, test } from '../fixtures'
import { DEMO_PASSWORD, enterEmail, logIn } from './helpers'

/** Who the session belongs to and which organisation it acts for, as the server sees it. */
async function signedIn(page: import('@playwright/test').Page) {
  const res = await page.request.get('/api/auth/user')
  expect(res.status()).toBe(200)
  const { user } = await res.json()
  return { email: user.email as string, role: user.role as string, organisation: (user.companyDetails?.companyName ?? null) as string | null }
}

test.describe('login', () => {
  test('an owner lands on the dashboard @nojs', async ({ page, javaScriptEnabled }) => {
    await logIn(page, 'owner@demo.test', DEMO_PASSWORD, javaScriptEnabled)
    await expect(page).toHaveURL(/\/dashboard$/)
    expect(await signedIn(page)).toEqual({ email: 'owner@demo.test', role: 'client', organisation: 'Demo Writing Co' })
  })

  test('a staff member lands on the first page of their sidebar @nojs', async ({ page, javaScriptEnabled }) => {
    await logIn(page, 'staff@demo.test', DEMO_PASSWORD, javaScriptEnabled)
    // Stan holds READ_ORDERS and READ_CUSTOMERS: the dashboard is the first page of his sidebar (issue 27).
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('a person in two organisations picks one @nojs', async ({ page, javaScriptEnabled }) => {
    await page.goto('/login')
    await enterEmail(page, 'multi@demo.test', javaScriptEnabled)
    const picker = page.getByLabel('Organization')
    // The first organisation is selected for them.
    await expect(picker.locator('option:checked')).toHaveText('Demo Writing Co')
    await picker.selectOption({ label: 'Rival Resumes' })
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
    await page.getByLabel('Remember me').check()
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    // The session acts for the organisation picked, not the one first offered.
    expect(await signedIn(page)).toMatchObject({ email: 'multi@demo.test', organisation: 'Rival Resumes' })
  })

  test('the superadmin needs no organisation @nojs', async ({ page, javaScriptEnabled }) => {
    await page.goto('/login')
    await enterEmail(page, 'superadmin@demo.test', javaScriptEnabled)
    await expect(page.getByLabel('Organization')).toHaveCount(0)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    expect(await signedIn(page)).toEqual({ email: 'superadmin@demo.test', role: 'superadmin', organisation: null })
  })

  test('a wrong password shows the message and keeps the e-mail and organisation @nojs', async ({ page, javaScriptEnabled }) => {
    await logIn(page, 'multi@demo.test', 'not-the-password', javaScriptEnabled, 'Rival Resumes')
    await expect(page.getByRole('alert')).toHaveText('Email or Password Incorrect')
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('multi@demo.test')
    await expect(page.getByLabel('Organization').locator('option:checked')).toHaveText('Rival Resumes')
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
  })

  test('an unknown e-mail shows the server error @nojs', async ({ page, javaScriptEnabled }) => {
    await page.goto('/login')
    await page.getByLabel('Email', { exact: true }).fill('nobody-here@example.test')
    if (!javaScriptEnabled) await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByRole('alert')).toHaveText(NO_ACCOUNT_FOR_EMAIL)
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0)
  })

  test('a person without an organisation is asked to pick one @nojs', async ({ page, javaScriptEnabled }) => {
    const loner = await createUser()
    await page.goto('/login')
    await enterEmail(page, loner.email, javaScriptEnabled)
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible()
    await page.getByLabel('Password', { exact: true }).fill(loner.password)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page.getByText(ORGANISATION_REQUIRED)).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
  })

  test('a safe return path is honoured after login @nojs', async ({ page, javaScriptEnabled }) => {
    await page.goto('/login?redirectTo=%2Forders%2Fview')
    await enterEmail(page, 'owner@demo.test', javaScriptEnabled)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL(/\/orders\/view$/)
  })

  test('a signed-in user opening /login goes to their landing page @nojs', async ({ page, loginAs }) => {
    await loginAs('staff@demo.test')
    await page.goto('/login')
    await expect(page).toHaveURL(/\/dashboard$/)
    // A reviewer lands on their assigned orders, never on /profile.
    await loginAs('reviewer@demo.test')
    await page.goto('/login')
    await expect(page).toHaveURL(/\/orders\/assigned-orders$/)
  })

  test('without JavaScript, an e-mail edited after the list starts over @nojs', async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, 'with JavaScript the list resets while typing (covered below)')
    await page.goto('/login')
    await enterEmail(page, 'multi@demo.test', false)
    await expect(page.getByLabel('Organization').locator('option')).toHaveText(['Demo Writing Co', 'Rival Resumes'])
    await page.getByLabel('Email', { exact: true }).fill('owner2@demo.test')
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page.getByLabel('Organization').locator('option')).toHaveText(['Rival Resumes'])
    await expect(page).toHaveURL(/\/login$/)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('without JavaScript, "Change" goes back to the e-mail step @nojs', async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, 'with JavaScript the e-mail is edited in place')
    await page.goto('/login')
    await enterEmail(page, 'multi@demo.test', false)
    await page.getByRole('link', { name: 'Change email' }).click()
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('multi@demo.test')
    await expect(page.getByLabel('Organization')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Next' })).toBeVisible()
  })
})

test.describe('login with JavaScript', () => {
  test('organisations load while typing and a new e-mail resets them', async ({ page }) => {
    await page.goto('/login')
    const email = page.getByLabel('Email', { exact: true })
    await email.pressSequentially('multi@demo.test', { delay: 10 })
    const options = page.getByLabel('Organization').locator('option')
    await expect(options).toHaveText(['Demo Writing Co', 'Rival Resumes'])
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0)

    await email.fill('owner2@demo.test')
    await expect(options).toHaveText(['Rival Resumes'])
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('the e-mail step still posts when the organisations API does not answer', async ({ page }) => {
    await page.route('**/api/user/orgs**', (route) => route.fulfill({ status: 404, contentType: 'text/html', body: '<h1>Not Found</h1>' }))
    await page.goto('/login')
    await page.getByLabel('Email', { exact: true }).fill('owner@demo.test')
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByLabel('Organization').locator('option')).toHaveText(['Demo Writing Co'])
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('required fields show their messages', async ({ page }) => {
    await page.goto('/login')
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByText('Email is required')).toBeVisible()
    await enterEmail(page, 'owner@demo.test', true)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page.getByText('Password is required')).toBeVisible()
  })
})
