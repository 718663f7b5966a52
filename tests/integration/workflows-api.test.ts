// Workflow (service) JSON routes: create, read, update, archive; validation, auth and tenant isolation.
import { beforeAll, describe, expect, it } from 'vitest'
import * as getOne from '#app/routes/api.client.service.$id'
import * as all from '#app/routes/api.client.service.all'
import * as create from '#app/routes/api.client.service.create'
import * as update from '#app/routes/api.client.service.update'
import * as questionnaires from '#app/routes/api.questionnaires'
import { platformDb } from '#app/services/db.server'
import { Client, signIn } from './helpers'

const reminder = (id: string, numberOfDays: number) => ({ id, num: 1, numberOfDays, email: { subject: 'Upload please', body: '<p>We need your files</p>' } })
const modules = [
  { id: 'previous_document', title: 'Upload Documents', reminders: [reminder('r1', 2), reminder('r2', 4)] },
  { id: 'revision_process', title: 'Revision Process', reminders: [] },
  { id: 'final_document', title: 'Final Document', reminders: [] },
]

let owner: Client
let rival: Client
let staff: Client

beforeAll(async () => {
  owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
  rival = await signIn(new Client(), 'owner2@demo.test', 'Rival Resumes')
  staff = await signIn(new Client(), 'staff@demo.test', 'Demo Writing Co')
})

async function createOne(name = `Flow ${Date.now()}`) {
  const res = await owner.call(create.action, { path: '/api/client/service/create', body: { serviceName: name, serviceType: 'resume', serviceModules: modules } })
  expect(res.status).toBe(200)
  return res.json.newService._id as string
}

describe('workflow API', () => {
  it('creates, reads and lists a workflow with renumbered reminders', async () => {
    const res = await owner.call(create.action, { path: '/api/client/service/create', body: { serviceName: 'API Resume', serviceType: 'resume', serviceModules: modules } })
    expect(res.json).toMatchObject({ status: true, statusCode: 200, newService: { serviceName: 'API Resume', serviceType: 'resume' } })
    const id = res.json.newService._id
    expect(id).toMatch(/^[0-9a-z]{24}$/i)
    const got = await owner.call(getOne.loader, { path: `/api/client/service/${id}`, params: { id } })
    expect(got.json.service.serviceModules[0].reminders.map((r: { num: number }) => r.num)).toEqual([1, 2])
    const list = await owner.call(all.loader, { path: '/api/client/service/all' })
    expect(list.json.status).toBe(true)
    expect(list.json.services.some((s: { _id: string }) => s._id === id)).toBe(true)
    const audit = await platformDb.selectFrom('audit_logs').select(['module', 'action']).where('message', 'like', `%${id}%`).execute()
    expect(audit).toContainEqual({ module: 'workflows', action: 'create' })
  })

  it('rejects a missing name, no modules, bad reminders and foreign modules', async () => {
    const call = (body: object) => owner.call(create.action, { path: '/api/client/service/create', body: { serviceType: 'resume', ...body } })
    expect((await call({ serviceName: '', serviceModules: modules })).json).toMatchObject({ status: false, error: 'Enter Workflow Name' })
    expect((await call({ serviceName: 'x', serviceModules: [] })).json.error).toBe('Drag at least one module in Workflow column')
    const dupes = [{ id: 'previous_document', title: 'Upload', reminders: [reminder('a', 3), reminder('b', 3)] }]
    expect((await call({ serviceName: 'x', serviceModules: dupes })).json.error).toBe("Can't have duplicate reminders")
    const empty = [{ id: 'previous_document', title: 'Upload', reminders: [{ ...reminder('a', 3), email: { subject: 'Hi', body: '<p></p>' } }] }]
    expect((await call({ serviceName: 'x', serviceModules: empty })).json.error).toBe('Email subject and body are required')
    const tooMany = [{ id: 'previous_document', title: 'Upload', reminders: [1, 2, 3, 4].map((d) => reminder(`r${d}`, d)) }]
    expect((await call({ serviceName: 'x', serviceModules: tooMany })).status).toBe(400)
    const late = [{ id: 'previous_document', title: 'Upload', reminders: [reminder('a', 22)] }]
    expect((await call({ serviceName: 'x', serviceModules: late })).status).toBe(400)
    const untitled = [{ id: 'previous_document', title: ' ', reminders: [] }]
    expect((await call({ serviceName: 'x', serviceModules: untitled })).json.error).toBe("Title can't be empty")
    const linkedin = await owner.call(create.action, {
      path: '/api/client/service/create',
      body: { serviceName: 'x', serviceType: 'linkedin', serviceModules: [{ id: 'additional_questionnaire', title: 'Follow Up Questions', reminders: [] }] },
    })
    expect(linkedin.status).toBe(400)
  })

  it('updates name and modules, and archives out of the default list', async () => {
    const id = await createOne()
    const res = await owner.call(update.action, {
      path: '/api/client/service/update',
      body: { id, serviceName: 'Renamed flow', serviceModules: [{ id: 'final_document', title: 'Final Document', reminders: [] }] },
    })
    expect(res.json).toMatchObject({ status: true, data: { _id: id, serviceName: 'Renamed flow' } })
    const bad = await owner.call(update.action, { path: '/api/client/service/update', body: { id, serviceName: '', serviceModules: [] } })
    expect(bad.status).toBe(400)

    const archived = await owner.call(getOne.action, { path: `/api/client/service/${id}`, params: { id }, method: 'PATCH', body: { archived: true } })
    expect(archived.json.service.archived).toBe(true)
    const active = await owner.call(all.loader, { path: '/api/client/service/all' })
    expect(active.json.services.some((s: { _id: string }) => s._id === id)).toBe(false)
    const withArchived = await owner.call(all.loader, { path: '/api/client/service/all?archived=true' })
    expect(withArchived.json.services.some((s: { _id: string }) => s._id === id)).toBe(true)
  })

  it('answers 401 signed out and 403 without workflow permissions', async () => {
    const anon = new Client()
    expect((await anon.call(all.loader, { path: '/api/client/service/all' })).status).toBe(401)
    expect((await anon.call(create.action, { path: '/api/client/service/create', body: {} })).status).toBe(401)
    expect((await staff.call(all.loader, { path: '/api/client/service/all' })).status).toBe(403)
    expect((await staff.call(create.action, { path: '/api/client/service/create', body: { serviceName: 'x', serviceType: 'resume', serviceModules: modules } })).status).toBe(403)
    expect((await staff.call(update.action, { path: '/api/client/service/update', body: {} })).status).toBe(403)
    expect((await staff.call(questionnaires.loader, { path: '/api/questionnaires' })).status).toBe(403)
  })

  it('keeps workflows inside their organisation', async () => {
    const id = await createOne('Private flow')
    expect((await rival.call(getOne.loader, { path: `/api/client/service/${id}`, params: { id } })).status).toBe(404)
    const upd = await rival.call(update.action, { path: '/api/client/service/update', body: { id, serviceName: 'Hijack', serviceModules: modules } })
    expect(upd.status).toBe(404)
    const arch = await rival.call(getOne.action, { path: `/api/client/service/${id}`, params: { id }, method: 'PATCH', body: { archived: true } })
    expect(arch.status).toBe(404)
    const list = await rival.call(all.loader, { path: '/api/client/service/all?archived=true' })
    expect(list.json.services.some((s: { _id: string }) => s._id === id)).toBe(false)
    const still = await owner.call(getOne.loader, { path: `/api/client/service/${id}`, params: { id } })
    expect(still.json.service).toMatchObject({ serviceName: 'Private flow', archived: false })
  })

  it('lists published forms as modules', async () => {
    const res = await owner.call(questionnaires.loader, { path: '/api/questionnaires' })
    expect(res.status).toBe(200)
    expect(Array.isArray(res.json.templates)).toBe(true)
    expect(Array.isArray(res.json.questionnaires)).toBe(true)
    expect(Array.isArray(res.json.modules)).toBe(true)
  })
})
