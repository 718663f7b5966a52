// The chat's HTTP side through the real server: GET /api/client/writers/get with unread counts, the team
// chat's plain post form on the project page, and /chat (page and post): who is refused, other
// organisations' orders and contributors, and what a refused post keeps.
import { expect, test } from '@playwright/test'
import { loadAuthUser } from '#app/models/account.server'
import { openRoom, sendChatMessage } from '#app/models/chat.server'
import { tenantOf } from '#app/models/auth-guards.server'
import { platformDb } from '#app/services/db.server'
import { chatWorld, Peer } from './chat-helpers'
import { ORIGIN_HEADERS } from './helpers'

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')

function headers(cookie: string) {
  return { Cookie: cookie, ...ORIGIN_HEADERS }
}

test.describe('GET /api/client/writers/get', () => {
  test('answers the contributors and their unread counts; read once an admin opens the conversation', async ({ request }) => {
    const w = await chatWorld()
    const other = await chatWorld('Other')
    // Olive writes twice to the admins, over the socket as a browser would.
    const olive = await Peer.connect(await w.cookie(w.otherWriter))
    await olive.join({ chatType: 'adminToWriter' })
    olive.send({ type: 'new_message', chatType: 'adminToWriter', message_type: 'text', content: 'one' })
    olive.send({ type: 'new_message', chatType: 'adminToWriter', message_type: 'text', content: 'two' })
    await olive.next((e) => e.type === 'new_message' && e.message.message === 'two')
    olive.close()
    // Another organisation's contributor writing changes nothing here.
    const theirs = await Peer.connect(await other.cookie(other.writer))
    await theirs.join({ chatType: 'adminToWriter' })
    theirs.send({ type: 'new_message', chatType: 'adminToWriter', message_type: 'text', content: 'elsewhere' })
    await theirs.next((e) => e.type === 'new_message')
    theirs.close()

    const owner = await w.cookie(w.owner)
    const res = await request.get('/api/client/writers/get', { headers: { Cookie: owner } })
    expect(res.status()).toBe(200)
    const body = await res.json()
    expect(body.status).toBe(true)
    expect(body.data.map((d: { _id: string }) => d._id).sort()).toEqual([w.writer.publicId, w.otherWriter.publicId].sort())
    expect(body.data[0]).toMatchObject({ _id: expect.any(String), firstName: expect.any(String), lastName: expect.any(String), writer_data: expect.any(Object) })
    expect(body.writerUnreadMessages).toEqual({ [w.writer.publicId]: 0, [w.otherWriter.publicId]: 2 })

    const page = await request.get(`/chat?writer=${w.otherWriter.publicId}`, { headers: { Cookie: owner } })
    expect(page.status()).toBe(200)
    const html = await page.text()
    expect(html).toContain('one')
    expect(html).toContain('two')
    expect((await (await request.get('/api/client/writers/get', { headers: { Cookie: owner } })).json()).writerUnreadMessages[w.otherWriter.publicId]).toBe(0)
  })

  test('refuses staff without ASSIGN_WRITER_REVIEWER or READ_USERS (403), no session (401), other methods (405)', async ({ request }) => {
    const w = await chatWorld()
    expect((await request.get('/api/client/writers/get', { headers: { Cookie: await w.cookie(w.staff) } })).status()).toBe(403)
    expect((await request.get('/api/client/writers/get', { headers: { Cookie: await w.cookie(w.writer) } })).status()).toBe(403)
    expect((await request.get('/api/client/writers/get')).status()).toBe(401)
    expect((await request.post('/api/client/writers/get', { headers: headers(await w.cookie(w.owner)) })).status()).toBe(405)
  })
})

test.describe('the team chat form on /project/view/{orderId} (no JavaScript)', () => {
  test('posts a file and a text, shows them on the page; a refused post keeps the text', async ({ request }) => {
    const w = await chatWorld()
    const cookie = await w.cookie(w.staff)
    const page = `/project/view/${w.order.public_id}`
    const blank = await request.post(`${page}?chat=post`, { headers: headers(cookie), multipart: { content: '  ' }, maxRedirects: 0 })
    expect(blank.status()).toBe(400)
    expect(await blank.text()).toContain('Type a message or attach a file.')
    const comma = await request.post(`${page}?chat=post`, {
      headers: headers(cookie),
      multipart: { content: 'Keep me', file: { name: 'brief, v2.pdf', mimeType: 'application/pdf', buffer: PDF } },
      maxRedirects: 0,
    })
    expect(comma.status()).toBe(400)
    const refused = await comma.text()
    expect(refused).toContain('Please do not use any commas or apostrophes in the file name!')
    expect(refused).toContain('Keep me</textarea>')
    const junk = await request.post(`${page}?chat=post`, {
      headers: headers(cookie),
      multipart: { file: { name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from([0x4d, 0x5a, 0, 1]) } },
      maxRedirects: 0,
    })
    expect(junk.status()).toBe(400)
    expect(await junk.text()).toContain('Something went wrong!')

    const sent = await request.post(`${page}?service=x&chat=post`, {
      headers: headers(cookie),
      multipart: { content: 'Here is the brief', file: { name: 'brief.pdf', mimeType: 'application/pdf', buffer: PDF } },
      maxRedirects: 0,
    })
    expect(sent.status()).toBe(302)
    expect(sent.headers().location).toBe(`${page}?service=x#team-chat`)
    const html = await (await request.get(page, { headers: { Cookie: cookie } })).text()
    expect(html).toContain('Here is the brief')
    expect(html).toContain('brief.pdf')
    const rows = await platformDb.selectFrom('chat_messages').select(['message_type', 'role_label']).where('client_id', '=', w.org.id).orderBy('id').execute()
    expect(rows).toEqual([
      { message_type: 'file', role_label: 'USER' },
      { message_type: 'text', role_label: 'USER' },
    ])
  })

  test("the order's contributor may post without READ_ORDERS; others of the organisation may not; another organisation's order is 404", async ({ request }) => {
    const w = await chatWorld()
    const other = await chatWorld('Other')
    const page = `/project/view/${w.order.public_id}?chat=post`
    expect((await request.post(page, { headers: headers(await w.cookie(w.writer)), multipart: { content: 'From the writer' }, maxRedirects: 0 })).status()).toBe(302)
    expect((await request.post(page, { headers: headers(await w.cookie(w.outsider)), multipart: { content: 'Nope' }, maxRedirects: 0 })).status()).toBe(403)
    expect((await request.post(page, { headers: headers(await w.cookie(w.otherWriter)), multipart: { content: 'Nope' }, maxRedirects: 0 })).status()).toBe(403)
    expect((await request.post(page, { headers: headers(await other.cookie(other.owner)), multipart: { content: 'Nope' }, maxRedirects: 0 })).status()).toBe(404)
    expect((await request.post(page, { multipart: { content: 'Nope' }, headers: ORIGIN_HEADERS, maxRedirects: 0 })).status()).toBe(302)
    // The page's own forms still need UPDATE_ORDERS.
    expect(
      (
        await request.post(`/project/view/${w.order.public_id}`, { headers: headers(await w.cookie(w.writer)), multipart: { intent: 'tags', tags: 'x' }, maxRedirects: 0 })
      ).status(),
    ).toBe(403)
    const rows = await platformDb.selectFrom('chat_messages').select(['content', 'role_label']).where('client_id', 'in', [w.org.id, other.org.id]).execute()
    expect(rows).toEqual([{ content: 'From the writer', role_label: 'WRITER' }])
  })

  test('without JavaScript earlier messages are a link away', async ({ request }) => {
    // 105 messages go through the model one by one: seconds here, but more than 30 s on a loaded machine.
    test.slow()
    const w = await chatWorld()
    const cookie = await w.cookie(w.owner)
    const user = (await loadAuthUser(w.owner.accounts.get(w.org.id)!.id, w.org.id))!
    const t = tenantOf({ ...user, clientId: w.org.id })
    const opened = await openRoom(t, { chatType: 'project', orderId: w.order.public_id })
    if (!opened.ok) throw new Error(opened.error)
    for (let i = 1; i <= 105; i++) await sendChatMessage(t, opened.room, { kind: 'text', content: `msg-${i}-end` })
    const latest = await (await request.get(`/project/view/${w.order.public_id}`, { headers: { Cookie: cookie } })).text()
    expect(latest).toContain('msg-105-end')
    expect(latest).not.toContain('msg-5-end')
    const earlier = /href="([^"]*chatBefore=[^"#]+)#team-chat"/.exec(latest)?.[1]?.replace(/&amp;/g, '&')
    expect(earlier).toBeTruthy()
    const older = await (await request.get(earlier!, { headers: { Cookie: cookie } })).text()
    expect(older).toContain('msg-5-end')
    expect(older).not.toContain('msg-105-end')
  })
})

test.describe('/chat', () => {
  test('an admin posts to a contributor; the contributor sees their own conversation and answers', async ({ request }) => {
    const w = await chatWorld()
    const owner = await w.cookie(w.owner)
    const list = await (await request.get('/chat', { headers: { Cookie: owner } })).text()
    expect(list).toContain('Wren Writer')
    expect(list).toContain('Olive Other')
    const sent = await request.post(`/chat?writer=${w.writer.publicId}`, { headers: headers(owner), multipart: { content: 'Hello <b>Wren</b>', format: 'text' }, maxRedirects: 0 })
    expect(sent.status()).toBe(302)
    expect(sent.headers().location).toBe(`/chat?writer=${w.writer.publicId}`)
    const writer = await w.cookie(w.writer)
    const own = await (await request.get('/chat', { headers: { Cookie: writer } })).text()
    expect(own).toContain('Hello &lt;b&gt;Wren&lt;/b&gt;')
    expect(own).toContain('Admin team')
    expect(own).not.toContain('Olive Other')
    // A contributor naming someone else still gets only their own conversation.
    const answer = await request.post(`/chat?writer=${w.otherWriter.publicId}`, { headers: headers(writer), multipart: { content: 'Thanks!', format: 'text' }, maxRedirects: 0 })
    expect(answer.status()).toBe(302)
    const rows = await platformDb.selectFrom('chat_messages').select(['writer_id', 'sent_to_admin']).where('client_id', '=', w.org.id).orderBy('id').execute()
    expect(rows).toEqual([
      { writer_id: w.writer.userId, sent_to_admin: false },
      { writer_id: w.writer.userId, sent_to_admin: true },
    ])
  })

  test("refuses staff without the permissions, a signed-out visitor, another organisation's contributor and an empty post", async ({ request }) => {
    const w = await chatWorld()
    const other = await chatWorld('Other')
    expect((await request.get('/chat', { headers: { Cookie: await w.cookie(w.staff) } })).status()).toBe(403)
    expect((await request.post('/chat', { headers: headers(await w.cookie(w.staff)), multipart: { content: 'x' }, maxRedirects: 0 })).status()).toBe(403)
    const signedOut = await request.get('/chat', { maxRedirects: 0 })
    expect(signedOut.status()).toBe(302)
    expect(signedOut.headers().location).toContain('/login')
    const owner = await w.cookie(w.owner)
    expect((await request.get(`/chat?writer=${other.writer.publicId}`, { headers: { Cookie: owner } })).status()).toBe(404)
    expect((await request.post(`/chat?writer=${other.writer.publicId}`, { headers: headers(owner), multipart: { content: 'x' }, maxRedirects: 0 })).status()).toBe(404)
    expect((await request.get(`/chat?writer=${w.staff.publicId}`, { headers: { Cookie: owner } })).status()).toBe(404)
    const empty = await request.post(`/chat?writer=${w.writer.publicId}`, { headers: headers(owner), multipart: { content: '', format: 'text' }, maxRedirects: 0 })
    expect(empty.status()).toBe(400)
    expect(await empty.text()).toContain('Type a message or attach a file.')
    expect(await platformDb.selectFrom('chat_messages').select('id').where('client_id', 'in', [w.org.id, other.org.id]).execute()).toEqual([])
  })
})
