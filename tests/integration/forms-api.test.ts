// Forms API: create, autosave draft, publish, samples and clone naming, archive; platform form templates.
import { describe, expect, it } from 'vitest'
import * as tplList from '#app/routes/api.questionnaire-template._index'
import * as tplClone from '#app/routes/api.questionnaire-template.clone'
import * as tplCreate from '#app/routes/api.questionnaire-template.create'
import * as tplPublish from '#app/routes/api.questionnaire-template.publish'
import * as tplSave from '#app/routes/api.questionnaire-template.template'
import * as one from '#app/routes/api.questionnaires.$id'
import * as clone from '#app/routes/api.questionnaires.clone'
import * as create from '#app/routes/api.questionnaires.create'
import * as get from '#app/routes/api.questionnaires.get.$key'
import * as publish from '#app/routes/api.questionnaires.publish'
import * as samples from '#app/routes/api.questionnaires.sample_templates'
import * as save from '#app/routes/api.questionnaires.template'
import * as tplGet from '#app/routes/api.questionnaires-template.get.$key'
import { Client, signIn } from './helpers'

const ITEMS = [
  { id: 'a', type: 'short_text', text: 'Your name', required: true },
  { id: 'b', type: 'single_choice', text: 'Level', required: false, options: ['Junior', 'Senior'] },
]

describe('forms API', () => {
  it('creates, saves a draft, publishes and archives a form', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    expect((await owner.call(create.action, { path: '/api/questionnaires/create', body: { name: '' } })).json.errors.name).toBe('Enter Name')
    const made = await owner.call(create.action, { path: '/api/questionnaires/create', body: { name: 'Intake' } })
    expect(made.status).toBe(200)
    const key = made.json.questionnaire._id
    expect(made.json.key).toBe(key)

    const saved = await owner.call(save.action, { path: '/api/questionnaires/template', body: { key, data: { items: ITEMS } } })
    expect(saved.json.questionnaire.draft_data.items).toHaveLength(2)
    expect(saved.json.questionnaire.published_data).toBeNull()
    const badType = await owner.call(save.action, { path: '/api/questionnaires/template', body: { key, data: { items: [{ id: 'x', type: 'virus', text: '' }] } } })
    expect(badType.status).toBe(400)

    const published = await owner.call(publish.action, { path: '/api/questionnaires/publish', body: { key, name: 'Intake v1' } })
    expect(published.json.questionnaire).toMatchObject({ name: 'Intake v1', published: true, published_data: { items: ITEMS } })
    const got = await owner.call(get.loader, { path: `/api/questionnaires/get/${key}`, params: { key } })
    expect(got.json.questionnaire.name).toBe('Intake v1')

    const archived = await owner.call(one.action, { method: 'PATCH', path: `/api/questionnaires/${key}`, params: { id: key }, body: { archived: true } })
    expect(archived.json.questionnaire.archived).toBe(true)
  })

  it('lists published samples, opens one with the flag, clones with copy naming', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    const list = await owner.call(samples.loader, { path: '/api/questionnaires/sample_templates' })
    expect(list.json.templates.length).toBeGreaterThan(0)
    expect(Array.isArray(list.json.hiddenQuestionnairesTemplates)).toBe(true)
    const sample = list.json.templates[0]
    const opened = await owner.call(get.loader, { path: `/api/questionnaires/get/${sample._id}?flag=true`, params: { key: sample._id } })
    expect(opened.json.questionnaire.isTemplate).toBe(true)
    // A sample is read-only: saving it as a form of the organisation finds nothing.
    expect((await owner.call(save.action, { path: '/api/questionnaires/template', body: { key: sample._id, data: { items: [] } } })).status).toBe(404)
    const cloned = await owner.call(clone.action, { path: '/api/questionnaires/clone', body: { templateId: sample._id, name: `Copy of ${sample.name}` } })
    expect(cloned.json.questionnaire.draft_data.items.length).toBe(sample.published_data.items.length)
    expect(cloned.json.questionnaire.isTemplate).toBe(false)
  })

  it('denies other tenants and staff without permission', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    const key = (await owner.call(create.action, { path: '/api/questionnaires/create', body: { name: 'Private form' } })).json.key
    const rival = await signIn(new Client(), 'owner2@demo.test', 'Rival Resumes')
    expect((await rival.call(get.loader, { path: `/api/questionnaires/get/${key}`, params: { key } })).status).toBe(404)
    expect((await rival.call(save.action, { path: '/api/questionnaires/template', body: { key, data: { items: [] } } })).status).toBe(404)
    expect((await rival.call(publish.action, { path: '/api/questionnaires/publish', body: { key } })).status).toBe(404)
    expect((await rival.call(one.action, { method: 'PATCH', path: `/api/questionnaires/${key}`, params: { id: key }, body: { archived: true } })).status).toBe(404)
    expect((await rival.call(clone.action, { path: '/api/questionnaires/clone', body: { templateId: key, name: 'Stolen' } })).status).toBe(404)
    const staff = await signIn(new Client(), 'staff@demo.test', 'Demo Writing Co')
    expect((await staff.call(samples.loader, { path: '/api/questionnaires/sample_templates' })).status).toBe(403)
    expect((await staff.call(create.action, { path: '/api/questionnaires/create', body: { name: 'X' } })).status).toBe(403)
    expect((await new Client().call(create.action, { path: '/api/questionnaires/create', body: { name: 'X' } })).status).toBe(401)
  })

  it('platform form templates: create, save, publish, clone; organisations are refused', async () => {
    const admin = await signIn(new Client(), 'superadmin@demo.test', null)
    const made = await admin.call(tplCreate.action, { path: '/api/questionnaire-template/create', body: { name: 'Platform intake' } })
    const key = made.json.key
    await admin.call(tplSave.action, { path: '/api/questionnaire-template/template', body: { key, data: { items: ITEMS } } })
    const unpublished = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    expect((await unpublished.call(get.loader, { path: `/api/questionnaires/get/${key}?flag=true`, params: { key } })).status).toBe(404)
    const pub = await admin.call(tplPublish.action, { path: '/api/questionnaire-template/publish', body: { key } })
    expect(pub.json.template.published_data.items).toHaveLength(2)
    expect((await admin.call(tplGet.loader, { path: `/api/questionnaires-template/get/${key}`, params: { key } })).json.template.name).toBe('Platform intake')
    const copy = await admin.call(tplClone.action, { path: '/api/questionnaire-template/clone', body: { template_id: key, name: 'Copy of Platform intake' } })
    expect(copy.json.template.draft_data.items).toHaveLength(2)
    expect((await admin.call(tplList.loader, { path: '/api/questionnaire-template' })).json.templates.length).toBeGreaterThan(1)
    expect((await unpublished.call(get.loader, { path: `/api/questionnaires/get/${key}?flag=true`, params: { key } })).status).toBe(200)
    expect((await unpublished.call(tplList.loader, { path: '/api/questionnaire-template' })).status).toBe(403)
    expect((await unpublished.call(tplCreate.action, { path: '/api/questionnaire-template/create', body: { name: 'X' } })).status).toBe(403)
  })
})
