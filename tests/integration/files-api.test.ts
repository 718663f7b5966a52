// Uploads are sniffed by content and readable only inside the owning organisation.
import { describe, expect, it } from 'vitest'
import * as fileApi from '#app/routes/api.file.$id'
import * as downloadApi from '#app/routes/api.file.download.$key'
import * as uploadApi from '#app/routes/api.file.upload'
import { Client, signIn } from './helpers'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082', 'hex')

function form(name: string, data: Buffer | string, type = 'application/octet-stream') {
  const body = new FormData()
  body.set('file', new File([typeof data === 'string' ? data : new Uint8Array(data)], name, { type }))
  return body
}

describe('files API', () => {
  it('stores a sniffed image and serves it to its organisation only', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    const up = await owner.call(uploadApi.action, { path: '/api/file/upload', body: form('pixel.png', PNG) })
    expect(up.status).toBe(200)
    expect(up.json.file).toMatchObject({ originalname: 'pixel.png', mimetype: 'image/png', size: PNG.length })
    const id = up.json.file._id
    const got = await owner.call(fileApi.loader, { path: `/api/file/${id}`, params: { id }, raw: true })
    expect(got.status).toBe(200)
    expect(got.headers.get('Content-Type')).toBe('image/png')
    expect(got.bytes?.equals(PNG)).toBe(true)
    const key = up.json.file.key
    const download = await owner.call(downloadApi.loader, { path: `/api/file/download/${key}`, params: { key }, raw: true })
    expect(download.headers.get('Content-Disposition')).toMatch(/^attachment/)

    const rival = await signIn(new Client(), 'owner2@demo.test', 'Rival Resumes')
    expect((await rival.call(fileApi.loader, { path: `/api/file/${id}`, params: { id } })).status).toBe(404)
    expect((await rival.call(downloadApi.loader, { path: `/api/file/download/${key}`, params: { key } })).status).toBe(404)
    expect((await new Client().call(fileApi.loader, { path: `/api/file/${id}`, params: { id } })).status).toBe(401)
  })

  it('rejects a disguised executable, a comma in the name and an empty upload', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)])
    const disguised = await owner.call(uploadApi.action, { path: '/api/file/upload', body: form('cv.pdf', elf, 'application/pdf') })
    expect(disguised.status).toBe(400)
    const comma = await owner.call(uploadApi.action, { path: '/api/file/upload', body: form("o'brien,cv.png", PNG) })
    expect(comma.json.error).toBe('Please do not use any commas or apostrophes in the file name!')
    const empty = await owner.call(uploadApi.action, { path: '/api/file/upload', body: new FormData() })
    expect(empty.json.error).toBe('Please upload the file')
  })
})
