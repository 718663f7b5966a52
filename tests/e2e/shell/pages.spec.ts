// Pages outside the shell: the 404 page and the development mailbox.
import { createTransport } from 'nodemailer'
import { expect, test } from '#tests/e2e/fixtures'
import { uniqueEmail } from '#tests/factories/index'

test('an unknown path answers 404 with a way back @nojs', async ({ page }) => {
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page.getByText('Oops! The page you are looking for does not exist.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard')
})

test('/dev/mailbox lists caught e-mails, newest first @nojs', async ({ page }) => {
  const to = uniqueEmail('mailbox')
  const transport = createTransport({ host: '127.0.0.1', port: Number(process.env.SMTP_SINK_PORT ?? 2535), secure: false, ignoreTLS: true })
  await transport.sendMail({ from: 'test@draftdesk.local', to, subject: 'First check', text: 'older body' })
  await transport.sendMail({ from: 'test@draftdesk.local', to, subject: 'Second check', text: `Your code is 123456 for ${to}` })
  const response = await page.goto('/dev/mailbox')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { name: 'Dev mailbox' })).toBeVisible()
  const mails = page.getByRole('listitem').filter({ hasText: to })
  await expect(mails).toHaveCount(2)
  await expect(mails.nth(0)).toContainText('Second check')
  await expect(mails.nth(0)).toContainText('Your code is 123456')
  await expect(mails.nth(1)).toContainText('First check')
})
