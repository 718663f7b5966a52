// Product (package) JSON routes and cart settings: create, read, update, switches; validation, auth, isolation.
import { beforeAll, describe, expect, it } from 'vitest'
import * as activate from '#app/routes/api.client.packages.active.$id'
import * as all from '#app/routes/api.client.packages.all'
import * as allActive from '#app/routes/api.client.packages.all_.active'
import * as create from '#app/routes/api.client.packages.create'
import * as deactivate from '#app/routes/api.client.packages.deactive.$id'
import * as update from '#app/routes/api.client.packages.update'
import * as one from '#app/routes/api.client.package.$id'
import * as purchasable from '#app/routes/api.client.package.purchasable.$id'
import * as customization from '#app/routes/api.website-customization'
import * as services from '#app/routes/api.client.service.all'
import { Client, signIn } from './helpers'

let owner: Client
let rival: Client
let staff: Client
let workflowId: string

beforeAll(async () => {
  owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
  rival = await signIn(new Client(), 'owner2@demo.test', 'Rival Resumes')
  staff = await signIn(new Client(), 'staff@demo.test', 'Demo Writing Co')
  workflowId = (await owner.call(services.loader, { path: '/api/client/service/all' })).json.services[0]._id
})

async function createProduct(name = 'Test Product') {
  const res = await owner.call(create.action, {
    path: '/api/client/packages/create',
    body: { packageName: name, packagePrice: 149.5, packageServices: [workflowId], packageDownloadables: [], contractID: null, purchasable: true },
  })
  expect(res.status).toBe(200)
  return res.json.package._id as string
}

describe('products API', () => {
  it('creates a product, stores the price in cents and reads it back', async () => {
    const res = await owner.call(create.action, {
      path: '/api/client/packages/create',
      body: { packageName: 'API Product', packagePrice: 199.99, packageServices: [workflowId], packageDownloadables: [], contractID: '' },
    })
    expect(res.json).toMatchObject({ status: true, package: { packageName: 'API Product', packagePrice: 199.99, purchasable: true, active: true, archived: false } })
    const id = res.json.package._id
    const got = await owner.call(one.loader, { path: `/api/client/package/${id}`, params: { id } })
    expect(got.json.data).toMatchObject({ packageName: 'API Product', packagePrice: 199.99, packageDownloadables: [], contract_id: null })
    expect(got.json.data.packageServicesArray[0]._id).toBe(workflowId)
    const list = await owner.call(all.loader, { path: '/api/client/packages/all' })
    expect(list.json.packages.some((p: { _id: string }) => p._id === id)).toBe(true)
  })

  it('validates name, price and workflows with the spec messages', async () => {
    const call = (body: object) =>
      owner.call(create.action, { path: '/api/client/packages/create', body: { packageName: 'x', packagePrice: 1, packageServices: [workflowId], ...body } })
    expect((await call({ packageName: '' })).json).toMatchObject({ status: false, error: 'Enter Product Name' })
    expect((await call({ packagePrice: 'abc' })).json.error).toBe('Enter Product Price')
    expect((await call({ packagePrice: '' })).json.error).toBe('Enter Product Price')
    expect((await call({ packageServices: [] })).json.error).toBe('Please select at-least one service')
    expect((await call({ packageServices: ['nope'] })).status).toBe(400)
    const id = await createProduct()
    const edit = await owner.call(update.action, { path: '/api/client/packages/update', body: { id, packageName: 'x', packagePrice: 1, packageServices: [] } })
    expect(edit.json.error).toBe('Please select at-least one workflow')
  })

  it('updates, toggles active, purchasable and archived', async () => {
    const id = await createProduct()
    const upd = await owner.call(update.action, {
      path: '/api/client/packages/update',
      body: { id, packageName: 'Updated', packagePrice: 10, packageServices: [workflowId], packageDownloadables: [], contractID: null, purchasable: false },
    })
    expect(upd.json).toMatchObject({ status: true, data: { _id: id, packageName: 'Updated', purchasable: false } })
    const off = await owner.call(deactivate.loader, { path: `/api/client/packages/deactive/${id}`, params: { id } })
    expect(off.json).toMatchObject({ status: true, message: 'Product is Deactivated!' })
    const activeList = await owner.call(allActive.loader, { path: '/api/client/packages/all/active' })
    expect(activeList.json.packages.some((p: { _id: string }) => p._id === id)).toBe(false)
    const on = await owner.call(activate.loader, { path: `/api/client/packages/active/${id}`, params: { id } })
    expect(on.json).toMatchObject({ status: true, message: 'Product is Activated!', package: { active: true } })
    const buy = await owner.call(purchasable.action, { path: `/api/client/package/purchasable/${id}`, params: { id }, method: 'PATCH', body: { purchasable: true } })
    expect(buy.json).toMatchObject({ status: true, package: { purchasable: true } })
    const arch = await owner.call(one.action, { path: `/api/client/package/${id}`, params: { id }, method: 'PATCH', body: { archived: true } })
    expect(arch.json.package.archived).toBe(true)
    expect((await owner.call(all.loader, { path: '/api/client/packages/all' })).json.packages.some((p: { _id: string }) => p._id === id)).toBe(false)
    expect((await owner.call(all.loader, { path: '/api/client/packages/all?archived=true' })).json.packages.some((p: { _id: string }) => p._id === id)).toBe(true)
  })

  it('answers 401 signed out and 403 without product permissions', async () => {
    const anon = new Client()
    expect((await anon.call(all.loader, { path: '/api/client/packages/all' })).status).toBe(401)
    expect((await staff.call(all.loader, { path: '/api/client/packages/all' })).status).toBe(403)
    expect((await staff.call(create.action, { path: '/api/client/packages/create', body: {} })).status).toBe(403)
    const id = await createProduct()
    expect((await staff.call(deactivate.loader, { path: `/api/client/packages/deactive/${id}`, params: { id } })).status).toBe(403)
    expect(
      (await staff.call(customization.action, { path: '/api/website-customization', method: 'PATCH', body: { cartSettings: { redirectTo: 'https://x.example' } } })).status,
    ).toBe(403)
  })

  it('keeps products inside their organisation', async () => {
    const id = await createProduct('Private product')
    expect((await rival.call(one.loader, { path: `/api/client/package/${id}`, params: { id } })).status).toBe(404)
    const body = { id, packageName: 'Hijack', packagePrice: 1, packageServices: [workflowId] }
    expect((await rival.call(update.action, { path: '/api/client/packages/update', body })).status).toBe(404)
    expect((await rival.call(deactivate.loader, { path: `/api/client/packages/deactive/${id}`, params: { id } })).status).toBe(404)
    expect((await rival.call(purchasable.action, { path: `/api/client/package/purchasable/${id}`, params: { id }, method: 'PATCH', body: { purchasable: false } })).status).toBe(
      404,
    )
    expect((await rival.call(one.action, { path: `/api/client/package/${id}`, params: { id }, method: 'PATCH', body: { archived: true } })).status).toBe(404)
    // A rival product cannot list this organisation's workflow either.
    const steal = await rival.call(create.action, { path: '/api/client/packages/create', body: { packageName: 'x', packagePrice: 1, packageServices: [workflowId] } })
    expect(steal.status).toBe(400)
    const still = await owner.call(one.loader, { path: `/api/client/package/${id}`, params: { id } })
    expect(still.json.data).toMatchObject({ packageName: 'Private product', active: true, archived: false, purchasable: true })
  })

  it('reads and saves the cart redirect link', async () => {
    const bad = await owner.call(customization.action, { path: '/api/website-customization', method: 'PATCH', body: { cartSettings: { redirectTo: 'not a link' } } })
    expect(bad.json).toMatchObject({ status: false, error: 'Please, enter a valid link' })
    const ok = await owner.call(customization.action, {
      path: '/api/website-customization',
      method: 'PATCH',
      body: { cartSettings: { redirectTo: 'https://shop.example/thanks' } },
    })
    expect(ok.json).toMatchObject({ status: true, data: { cartSettings: { redirectTo: 'https://shop.example/thanks' } } })
    const got = await owner.call(customization.loader, { path: '/api/website-customization' })
    expect(got.json.data.cartSettings.redirectTo).toBe('https://shop.example/thanks')
    const theirs = await rival.call(customization.loader, { path: '/api/website-customization' })
    expect(theirs.json.data.cartSettings.redirectTo).not.toBe('https://shop.example/thanks')
  })
})
