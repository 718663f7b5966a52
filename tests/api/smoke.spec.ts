import { expect, test } from '@playwright/test'
import { browsers, ownerSession } from './helpers'

const open = browsers()

test('an owner session reaches the API', async ({ playwright }) => {
  const { request } = await ownerSession(open, playwright)
  const res = await request.get('/api/auth/user')
  expect(res.status()).toBe(200)
})
