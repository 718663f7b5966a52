// Contracts API: sanitized HTML, samples read-only and cloneable, product links, platform templates, isolation.
import { describe, expect, it } from 'vitest'
import * as templates from '#app/routes/api.contract-template._index'
import * as templateOne from '#app/routes/api.contract-template.$id'
import * as one from '#app/routes/api.contract.$id'
import * as addPackage from '#app/routes/api.contract.add-package'
import * as all from '#app/routes/api.contract.all'
import * as clone from '#app/routes/api.contract.clone'
import * as create from '#app/routes/api.contract.create'
import * as samples from '#app/routes/api.contract.sample_templates'
import * as update from '#app/routes/api.contract.update.$id'
import * as updatePackage from '#app/routes/api.contract.update-package'
import { platformDb } from '#app/services/db.server'
import { Client, signIn } from './helpers'

const EVIL =
  '<p onclick="alert(1)">Hi<script>alert(2)</script><img src=x onerror="alert(3)"><a href="javascript:alert(4)">x</a><a href="https://ok.test">ok</a></p><iframe src="https://e.test"></iframe>'

describe('contracts API', () => {
  it('creates with sanitized content, updates, archives and validates', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    const created = await owner.call(create.action, { path: '/api/contract/create', body: { title: 'Terms', content: EVIL } })
    expect(created.status).toBe(200)
    const html: string = created.json.contract.content
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|iframe|<img/i)
    expect(html).toContain('<a href="https://ok.test" rel="noopener noreferrer">ok</a>')
    const id = created.json.contract._id

    const bad = await owner.call(create.action, { path: '/api/contract/create', body: { title: '', content: '<p>x</p>' } })
    expect(bad.status).toBe(400)
    expect(bad.json.errors.title).toBe('Enter Contract Name')

    const updated = await owner.call(update.action, { path: `/api/contract/update/${id}`, params: { id }, body: { id, title: 'Terms v2', content: '<h2>New</h2>' } })
    expect(updated.json.contract).toMatchObject({ title: 'Terms v2', content: '<h2>New</h2>' })
    expect((await owner.call(one.loader, { path: `/api/contract/${id}`, params: { id } })).json.contract.title).toBe('Terms v2')
    const archived = await owner.call(one.action, { method: 'PATCH', path: `/api/contract/${id}`, params: { id }, body: { archived: true } })
    expect(archived.json.contract.archived).toBe(true)
    expect((await owner.call(all.loader, { path: '/api/contract/all?archived=true' })).json.contracts.some((c: { _id: string }) => c._id === id)).toBe(true)
  })

  it('lists samples, clones one, hides one, and samples stay read-only', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    const list = await owner.call(samples.loader, { path: '/api/contract/sample_templates' })
    expect(list.json.templates.length).toBeGreaterThan(0)
    expect(Array.isArray(list.json.hiddenContractsTemplates)).toBe(true)
    const sample = list.json.templates[0]
    const cloned = await owner.call(clone.action, { path: '/api/contract/clone', body: { templateId: sample._id, title: 'My copy' } })
    expect(cloned.json.contract).toMatchObject({ title: 'My copy', content: sample.content, isTemplate: false })
    // The sample cannot be updated through the organisation's update call.
    expect((await owner.call(update.action, { path: `/api/contract/update/${sample._id}`, params: { id: sample._id }, body: { title: 'X', content: '' } })).status).toBe(404)
    const hide = await owner.call(one.action, { method: 'PATCH', path: `/api/contract/${sample._id}`, params: { id: sample._id }, body: { archived: true, isTemplate: true } })
    expect(hide.status).toBe(200)
    const after = await owner.call(samples.loader, { path: '/api/contract/sample_templates' })
    expect(after.json.hiddenContractsTemplates.map((t: { _id: string }) => t._id)).toContain(sample._id)
    await owner.call(one.action, { method: 'PATCH', path: `/api/contract/${sample._id}`, params: { id: sample._id }, body: { archived: false, isTemplate: true } })
  })

  it('attaches a contract to a product of the same organisation only', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    const demo = await platformDb.selectFrom('organisations').select('id').where('name', '=', 'Demo Writing Co').executeTakeFirstOrThrow()
    const product = await platformDb.selectFrom('products').select(['public_id']).where('client_id', '=', demo.id).executeTakeFirst()
    const a = (await owner.call(create.action, { path: '/api/contract/create', body: { title: 'A', content: '' } })).json.contract._id
    const b = (await owner.call(create.action, { path: '/api/contract/create', body: { title: 'B', content: '' } })).json.contract._id
    expect((await owner.call(addPackage.action, { path: '/api/contract/add-package', body: { contractID: a, packageID: 'missing' } })).status).toBe(404)
    if (!product) return
    expect((await owner.call(addPackage.action, { path: '/api/contract/add-package', body: { contractID: a, packageID: product.public_id } })).status).toBe(200)
    const moved = await owner.call(updatePackage.action, { path: '/api/contract/update-package', body: { contractID: b, oldContractId: a, packageID: product.public_id } })
    expect(moved.status).toBe(200)
    expect((await owner.call(one.loader, { path: `/api/contract/${b}`, params: { id: b } })).json.contract.packages.map((p: { _id: string }) => p._id)).toContain(product.public_id)
    const rival = await signIn(new Client(), 'owner2@demo.test', 'Rival Resumes')
    expect((await rival.call(addPackage.action, { path: '/api/contract/add-package', body: { contractID: a, packageID: product.public_id } })).status).toBe(404)
  })

  it('denies other tenants, staff without permission and anonymous callers', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    const id = (await owner.call(create.action, { path: '/api/contract/create', body: { title: 'Private', content: '<p>x</p>' } })).json.contract._id
    const rival = await signIn(new Client(), 'owner2@demo.test', 'Rival Resumes')
    expect((await rival.call(one.loader, { path: `/api/contract/${id}`, params: { id } })).status).toBe(404)
    expect((await rival.call(update.action, { path: `/api/contract/update/${id}`, params: { id }, body: { title: 'X', content: '' } })).status).toBe(404)
    expect((await rival.call(one.action, { method: 'PATCH', path: `/api/contract/${id}`, params: { id }, body: { archived: true } })).status).toBe(404)
    expect((await rival.call(clone.action, { path: '/api/contract/clone', body: { templateId: id, title: 'Stolen' } })).status).toBe(404)
    const staff = await signIn(new Client(), 'staff@demo.test', 'Demo Writing Co')
    expect((await staff.call(all.loader, { path: '/api/contract/all' })).status).toBe(403)
    expect((await staff.call(create.action, { path: '/api/contract/create', body: { title: 'X' } })).status).toBe(403)
    expect((await new Client().call(all.loader, { path: '/api/contract/all' })).status).toBe(401)
  })

  it('platform contract templates: superadmin only, sanitized, {status, error or errors}', async () => {
    const admin = await signIn(new Client(), 'superadmin@demo.test', null)
    const made = await admin.call(templates.action, { path: '/api/contract-template', body: { title: 'Platform T', content: EVIL } })
    expect(made.json.status).toBe(true)
    expect(made.json.template.content).not.toMatch(/script|onerror/i)
    const id = made.json.template._id
    const put = await admin.call(templates.action, { method: 'PUT', path: '/api/contract-template', body: { _id: id, title: 'Platform T2', content: '<p>ok</p>' } })
    expect(put.json.template.title).toBe('Platform T2')
    const bad = await admin.call(templates.action, { path: '/api/contract-template', body: { title: '' } })
    expect(bad.json).toMatchObject({ status: false, error: 'Enter Contract Name' })
    expect((await admin.call(templateOne.loader, { path: `/api/contract-template/${id}`, params: { id } })).json.template.title).toBe('Platform T2')
    expect((await admin.call(templates.loader, { path: '/api/contract-template' })).json.templates.length).toBeGreaterThan(0)
    const owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    expect((await owner.call(templates.loader, { path: '/api/contract-template' })).status).toBe(403)
    expect((await owner.call(templates.action, { method: 'PUT', path: '/api/contract-template', body: { _id: id, title: 'X', content: '' } })).status).toBe(403)
  })
})
