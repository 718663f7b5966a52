// The whole-document render (ADR 40) through the real server: a page is one complete document, and
// the loader data Remix streams into it (single fetch) is written into that same document, closed, so
// the browser can hydrate. The render reads that data before React runs (Remix internals): an upgrade
// that breaks the hand-over shows here as a page without its data.
import { expect, test } from '@playwright/test'
import { createCustomer } from '#tests/factories/orders'
import { browsers, ownerSession } from './helpers'

const open = browsers()

/** The strings the page enqueues into Remix's stream (JSON string literals in the scripts). */
function enqueued(html: string): string[] {
  return [...html.matchAll(/window\.__remixContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/g)].map((m) => JSON.parse(m[1]!) as string)
}

test('a list page is one document: doctype, markup, its loader data and the stream closed', async ({ playwright }) => {
  const { request, org } = await ownerSession(open, playwright)
  const customer = await createCustomer(org.id, { firstName: 'Rendered' })
  const res = await request.get(`/customers/view?q=${encodeURIComponent(customer.email)}`)
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toMatch(/^text\/html/)
  const html = await res.text()
  expect(html.startsWith('<!DOCTYPE html><html')).toBe(true)
  expect(html).toContain('</body></html>')
  // Rendered on the server, not left for the browser: no client-rendered Suspense fallback.
  expect(html).not.toContain('<!--$!-->')
  expect(html).toContain(customer.email)
  const data = enqueued(html).join('')
  expect(data).toContain('"routes/_app.customers.view"')
  expect(data).toContain(customer.email)
  expect(html.indexOf('streamController.close()')).toBeGreaterThan(html.lastIndexOf('streamController.enqueue('))
})

test('an error page renders the same way, with its status', async ({ playwright }) => {
  const { request } = await ownerSession(open, playwright)
  const res = await request.get('/no/such/page/here')
  expect(res.status()).toBe(404)
  const html = await res.text()
  expect(html.startsWith('<!DOCTYPE html><html')).toBe(true)
  expect(html).not.toContain('<!--$!-->')
  expect(enqueued(html).length).toBeGreaterThan(0)
  expect(html).toContain('streamController.close()')
})
