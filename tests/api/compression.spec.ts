// Pages and JSON leave compressed in one piece (ADR 0113): brotli when the browser takes it, else gzip, else
// as they are; with their length, and Vary so no cache hands one encoding to a client that asked for another.
import { expect, test } from '@playwright/test'
import { browsers, ownerSession } from './helpers'

const open = browsers()

test('a page goes as brotli, gzip or plain, whichever the client accepts, whole each time', async ({ playwright }) => {
  const { request } = await ownerSession(open, playwright)
  for (const [accept, encoding] of [
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ] as const) {
    const res = await request.get('/customers/view', { headers: { 'accept-encoding': accept } })
    expect(res.status()).toBe(200)
    const headers = res.headers()
    expect(headers['content-encoding']).toBe(encoding)
    expect(headers['vary']).toMatch(/accept-encoding/i)
    expect(headers['transfer-encoding']).toBeUndefined()
    expect(Number(headers['content-length'])).toBeGreaterThan(0)
    const html = await res.text()
    expect(html.startsWith('<!DOCTYPE html><html')).toBe(true)
    expect(html).toContain('</body></html>')
  }
})

test('JSON is compressed from 1 kB; a smaller answer and a HEAD go as they are', async ({ playwright }) => {
  const { request } = await ownerSession(open, playwright)
  const small = await request.get('/api/auth/user', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
  expect(small.status()).toBe(200)
  expect(small.headers()['content-encoding']).toBeUndefined()
  expect((await small.body()).length).toBeLessThan(1024)
  expect(JSON.stringify(await small.json())).toContain('@')

  const list = await request.get('/api/client/packages/all', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
  expect(list.status()).toBe(200)
  const body = await list.body()
  expect(list.headers()['content-encoding'] === 'br').toBe(body.length >= 1024)
  expect(JSON.parse(body.toString())).toBeTruthy()

  const head = await request.head('/customers/view', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
  expect(head.status()).toBe(200)
})
