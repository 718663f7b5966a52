// Drafts in Chromium (issue 25, ADR 0062): the demo customer's orders show a draft waiting for an answer, a
// revision under way and a final document. The life of a draft from the back office to the customer and back
// (PDF frame, Word preview, revision with a file, accept, rating, tip, final document, axe at 1440 and 390 px)
// is walked in order-life.spec.ts, with and without JavaScript.
import { expect, test } from '../fixtures'

test('the demo customer has a draft waiting, a revision under way and a final document to download', async ({ page, baseURL }) => {
  const url = new URL(baseURL!)
  url.hostname = `demowriting.${url.hostname}`
  await page.goto(`${url.origin}/login`)
  await page.getByLabel('Email', { exact: true }).fill('customer@demo.test')
  await page.getByLabel('Password', { exact: true }).fill('Demo-pass-2026')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(`${url.origin}/account`)
  await page.goto(`${url.origin}/my-orders`)
  const orders = page.getByRole('list', { name: 'Your orders' }).getByRole('link')
  const texts: string[] = []
  for (const href of await orders.evaluateAll((links) => links.map((l) => l.getAttribute('href')!))) {
    await page.goto(`${url.origin}${href}`)
    texts.push((await page.getByRole('region', { name: 'Drafts' }).innerText()) + ((await page.getByRole('region', { name: 'Final documents' }).count()) ? ' FINAL' : ''))
  }
  expect(texts.some((t) => t.includes('Waiting for your answer'))).toBe(true)
  expect(texts.some((t) => t.includes('You asked for a revision'))).toBe(true)
  expect(texts.some((t) => t.includes('You accepted it') && t.includes('FINAL'))).toBe(true)
})
