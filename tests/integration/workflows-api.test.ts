// Workflow (service) JSON routes: create, read, update, archive; validation, auth and tenant isolation.
import { beforeAll, describe, expect, it } from 'vitest'
import * as getOne from '#app/routes/api.client.service.$id'
import * as all from '#app/routes/api.client.service.all'
import * as create from '#app/routes/api.client.service.create'
import * as update from '#app/routes/api.client.service.update'
import { createForm, getForm, publishForm, setFormArchived } from '#app/models/forms.server'
import * as questionnaires from '#app/routes/api.questionnaires'
import { MODULE_NOT_AVAILABLE } from '#app/rules/workflow-modules'
import { DAYS_OUT_OF_RANGE, TOO_MANY_REMINDERS } from '#app/rules/reminders'
import { platformDb, tenantDb } from '#app/services/db.server'
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

async function tenantNamed(name: string) {
  const org = await platformDb.selectFrom('organisations').select('id').where('name', '=', name).executeTakeFirstOrThrow()
  return { db: tenantDb(org.id), clientId: org.id }
}

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
    const tooManyRes = await call({ serviceName: 'x', serviceModules: tooMany })
    expect(tooManyRes.status).toBe(400)
    expect(tooManyRes.json).toMatchObject({ status: false, error: TOO_MANY_REMINDERS })
    const late = [{ id: 'previous_document', title: 'Upload', reminders: [reminder('a', 22)] }]
    const lateRes = await call({ serviceName: 'x', serviceModules: late })
    expect(lateRes.status).toBe(400)
    expect(lateRes.json).toMatchObject({ status: false, error: DAYS_OUT_OF_RANGE })
    const untitled = [{ id: 'previous_document', title: ' ', reminders: [] }]
    expect((await call({ serviceName: 'x', serviceModules: untitled })).json.error).toBe("Title can't be empty")
    const linkedin = await owner.call(create.action, {
      path: '/api/client/service/create',
      body: { serviceName: 'x', serviceType: 'linkedin', serviceModules: [{ id: 'additional_questionnaire', title: 'Follow Up Questions', reminders: [] }] },
    })
    expect(linkedin.status).toBe(400)
    expect(linkedin.json).toMatchObject({ status: false, error: MODULE_NOT_AVAILABLE })
    // Nothing refused was stored.
    const list = await owner.call(all.loader, { path: '/api/client/service/all?archived=true' })
    expect(list.json.services.filter((s: { serviceName: string }) => s.serviceName === 'x')).toEqual([])
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
    expect(bad.json).toMatchObject({ status: false, error: 'Enter Workflow Name' })
    const kept = await owner.call(getOne.loader, { path: `/api/client/service/${id}`, params: { id } })
    expect(kept.json.service).toMatchObject({ serviceName: 'Renamed flow', serviceModules: [expect.objectContaining({ id: 'final_document' })] })

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
    const [a, b] = await Promise.all([tenantNamed('Demo Writing Co'), tenantNamed('Rival Resumes')])
    const n = Date.now()
    const published = await publishForm(a, await createForm(a, { name: `Published ${n}` }))
    const draft = await createForm(a, { name: `Draft ${n}` })
    const archived = await publishForm(a, await createForm(a, { name: `Archived ${n}` }))
    await setFormArchived(a, archived, true)
    const rivals = await publishForm(b, await createForm(b, { name: `Rival ${n}` }))
    expect((await getForm(a, archived.public_id))?.archived).toBeTruthy()

    const res = await owner.call(questionnaires.loader, { path: '/api/questionnaires' })
    expect(res.status).toBe(200)
    expect(res.json.modules).toContainEqual({ _id: published.public_id, name: `Published ${n}` })
    const moduleIds = res.json.modules.map((m: { _id: string }) => m._id)
    for (const hidden of [draft, archived, rivals]) expect(moduleIds).not.toContain(hidden.public_id)
    // The organisation's own forms (drafts included) are listed as questionnaires; another's never.
    const formIds = res.json.questionnaires.map((q: { _id: string }) => q._id)
    expect(formIds).toEqual(expect.arrayContaining([published.public_id, draft.public_id]))
    expect(formIds).not.toContain(rivals.public_id)
    expect(Array.isArray(res.json.templates)).toBe(true)
  })
})
