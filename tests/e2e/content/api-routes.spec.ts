// The content JSON routes answer at the spec's paths through the real server (flat-route nesting included).
import { expect, test } from '#tests/e2e/fixtures'

test('content JSON routes resolve for an owner', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test', 'Demo Writing Co')
  const get = async (path: string) => {
    const res = await page.request.get(path)
    expect(res.status(), path).toBe(200)
    return res.json()
  }
  expect((await get('/api/downloadable/all')).downloadables.length).toBeGreaterThan(0)
  expect((await get('/api/contract/all')).contracts.length).toBeGreaterThan(0)
  const samples = await get('/api/contract/sample_templates')
  expect(samples).toHaveProperty('hiddenContractsTemplates')
  expect((await get(`/api/contract/${samples.templates[0]._id}`)).contract.isTemplate).toBe(true)
  const forms = await get('/api/questionnaires/sample_templates')
  expect(forms).toHaveProperty('hiddenQuestionnairesTemplates')
  expect((await get(`/api/questionnaires/get/${forms.templates[0]._id}?flag=true`)).questionnaire.name).toBe(forms.templates[0].name)
  expect((await get('/api/client/customer-coupons/coupons')).coupons.length).toBeGreaterThan(0)
  const created = await page.request.post('/api/questionnaires/create', { headers: { 'Sec-Fetch-Site': 'same-origin' }, data: { name: 'Routed form' } })
  expect((await created.json()).key).toBeTruthy()
})

test('platform JSON routes resolve for the superadmin', async ({ page, loginAs }) => {
  await loginAs('superadmin@demo.test')
  expect((await (await page.request.get('/api/contract-template')).json()).templates.length).toBeGreaterThan(0)
  const list = await (await page.request.get('/api/questionnaire-template')).json()
  expect(list.templates.length).toBeGreaterThan(0)
  expect((await page.request.get(`/api/questionnaires-template/get/${list.templates[0]._id}`)).status()).toBe(200)
})
