// Through the real server: foreign-origin writes are refused, and signed-out API calls answer 401.
import { expect, test } from '@playwright/test'

test('a POST from a foreign Origin is refused before it reaches the app', async ({ request }) => {
  const res = await request.post('/api/auth/login', {
    headers: { Origin: 'http://evil.example' },
    data: { email: 'owner@demo.test', password: 'Demo-pass-2026', clientId: 'x' },
  })
  expect(res.status()).toBe(403)
})

test('a POST from our own Origin goes through', async ({ request, baseURL }) => {
  const res = await request.post('/api/auth/login', {
    headers: { Origin: new URL(baseURL!).origin },
    data: { email: 'owner@demo.test', password: 'wrong-password', clientId: 'nope' },
  })
  expect(res.status()).toBe(401)
  expect((await res.json()).error).toBe('Email or Password Incorrect')
})

test('signed-out API calls answer 401 with JSON', async ({ request }) => {
  for (const path of ['/api/auth/user', '/api/permissions', '/api/client/homepage']) {
    const res = await request.get(path)
    expect(res.status(), path).toBe(401)
    expect((await res.json()).status).toBe(false)
  }
})

test('the login answer of a 2FA-less account sets an HttpOnly SameSite=Lax cookie', async ({ request }) => {
  const orgs = await (await request.get('/api/user/orgs?email=owner@demo.test')).json()
  const res = await request.post('/api/auth/login', {
    data: { email: 'owner@demo.test', password: 'Demo-pass-2026', clientId: orgs.userData[0].client_id },
  })
  expect(res.status()).toBe(200)
  const cookie = res.headers()['set-cookie']
  expect(cookie).toMatch(/HttpOnly/i)
  expect(cookie).toMatch(/SameSite=Lax/i)
  expect((await (await request.get('/api/auth/user')).json()).user.email).toBe('owner@demo.test')
})
