// Downloadable files API: create from an upload, edit with at least one change, archive, tenant isolation.
import { describe, expect, it } from 'vitest'
import * as one from '#app/routes/api.downloadable.$id'
import * as all from '#app/routes/api.downloadable.all'
import * as create from '#app/routes/api.downloadable.create'
import * as edit from '#app/routes/api.downloadable.edit'
import * as download from '#app/routes/api.file.download.$key'
import * as upload from '#app/routes/api.file.upload'
import { Client, signIn } from './helpers'

async function uploadText(client: Client, name = 'guide.txt', text = 'hello file') {
  const body = new FormData()
  body.set('file', new File([text], name, { type: 'text/plain' }))
  const res = await client.call(upload.action, { path: '/api/file/upload', body })
  expect(res.status).toBe(200)
  return res.json.file as { key: string; originalname: string; size: number }
}

describe('downloadables API', () => {
  it('creates, reads, edits and archives a file; validation and the change rule', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    const file = await uploadText(owner)
    const created = await owner.call(create.action, { path: '/api/downloadable/create', body: { title: 'Guide', data: file } })
    expect(created.status).toBe(200)
    expect(created.json.downloadable).toMatchObject({ title: 'Guide', archived: false, data: { key: file.key, originalname: 'guide.txt', size: file.size } })
    const id = created.json.downloadable._id

    expect((await owner.call(create.action, { path: '/api/downloadable/create', body: { title: ' ', data: file } })).json.errors.title).toBe('Title cannot be empty')
    expect((await owner.call(create.action, { path: '/api/downloadable/create', body: { title: 'X' } })).json.error).toBe('Please upload the file')
    expect((await owner.call(create.action, { path: '/api/downloadable/create', body: { title: 'X', data: { key: 'nope' } } })).json.error).toBe('Please upload the file')

    const got = await owner.call(one.loader, { path: `/api/downloadable/${id}`, params: { id } })
    expect(got.json.downloadable._id).toBe(id)
    const list = await owner.call(all.loader, { path: '/api/downloadable/all' })
    expect(list.json.downloadables.some((d: { _id: string }) => d._id === id)).toBe(true)

    const same = await owner.call(edit.action, { path: '/api/downloadable/edit', body: { id, title: 'Guide', data: file } })
    expect(same.status).toBe(400)
    expect(same.json.error).toBe('At-least one change required in order to update')
    const renamed = await owner.call(edit.action, { path: '/api/downloadable/edit', body: { id, title: 'Guide v2', data: file } })
    expect(renamed.json.downloadable.title).toBe('Guide v2')
    const file2 = await uploadText(owner, 'guide2.txt', 'second version')
    const replaced = await owner.call(edit.action, { path: '/api/downloadable/edit', body: { id, title: 'Guide v2', data: file2 } })
    expect(replaced.json.downloadable.data.key).toBe(file2.key)

    const archived = await owner.call(one.action, { method: 'PATCH', path: `/api/downloadable/${id}`, params: { id }, body: { archived: true } })
    expect(archived.json.downloadable.archived).toBe(true)
    const archivedList = await owner.call(all.loader, { path: '/api/downloadable/all?archived=true' })
    expect(archivedList.json.downloadables.some((d: { _id: string }) => d._id === id)).toBe(true)
  })

  it('keeps files inside their organisation and checks permissions', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    const file = await uploadText(owner, 'secret.txt', 'demo only')
    const id = (await owner.call(create.action, { path: '/api/downloadable/create', body: { title: 'Secret', data: file } })).json.downloadable._id

    const rival = await signIn(new Client(), 'owner2@demo.test', 'Rival Resumes')
    expect((await rival.call(one.loader, { path: `/api/downloadable/${id}`, params: { id } })).status).toBe(404)
    expect((await rival.call(edit.action, { path: '/api/downloadable/edit', body: { id, title: 'Hacked' } })).status).toBe(404)
    expect((await rival.call(one.action, { method: 'PATCH', path: `/api/downloadable/${id}`, params: { id }, body: { archived: true } })).status).toBe(404)
    // Another tenant's upload key cannot be attached, nor downloaded.
    expect((await rival.call(create.action, { path: '/api/downloadable/create', body: { title: 'Steal', data: file } })).status).toBe(400)
    expect((await rival.call(download.loader, { path: `/api/file/download/${file.key}`, params: { key: file.key } })).status).toBe(404)
    expect((await owner.call(download.loader, { path: `/api/file/download/${file.key}`, params: { key: file.key }, raw: true })).status).toBe(200)

    const staff = await signIn(new Client(), 'staff@demo.test', 'Demo Writing Co')
    expect((await staff.call(all.loader, { path: '/api/downloadable/all' })).status).toBe(403)
    expect((await staff.call(create.action, { path: '/api/downloadable/create', body: { title: 'X', data: file } })).status).toBe(403)
    expect((await new Client().call(all.loader, { path: '/api/downloadable/all' })).status).toBe(401)
  })
})
