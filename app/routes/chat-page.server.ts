// The chat pages' server side: the history a page renders (so it works without JavaScript) and the
// plain post form of the team chat and of /chat, sending through the same model as the socket.
import { data, redirect } from '@remix-run/node'
import { chatPostSchema } from '#app/models/chat.schema'
import { type ChatRoom, type History, openRoom, orderContributorChat, type ProjectMessageJson, roomHistory, type RoomRef, sendChatMessage } from '#app/models/chat.server'
import { saveUpload } from '#app/models/files.server'
import { CHAT_BEFORE_PARAM, CHAT_UPLOAD_FAILED, isBlankText, MESSAGE_REQUIRED, PROJECT_CHAT_PARAM } from '#app/rules/chat'
import { FILE_NAME_RULE, isAllowedFileName } from '#app/rules/file-name'
import { requirePermission, type Tenant } from '#app/models/auth-guards.server'
import { isBlankHtml } from '#app/services/sanitize.server'
import { DOCUMENT_TYPES, isUploadError, MAX_UPLOAD_BYTES, readMultipart, sniffUpload } from '#app/services/storage.server'
import { forbidden, notFound } from '#app/services/http.server'

export type ChatPageData = History & { me: string; before: string | null }
/** A refused post: the message for the person and what they typed (a file cannot be kept). */
export type ChatPostAnswer = { intent: 'chat'; ok: false; error: string; content: string }

export function isProjectChatPost(request: Request): boolean {
  return new URL(request.url).searchParams.get(PROJECT_CHAT_PARAM) === 'post'
}

/**
 * The history a chat panel starts from (`view`, safe to send to the browser) and the room it is of
 * (internal ids: server only); null when the member may not open the conversation.
 */
export async function chatPageData(t: Tenant, ref: RoomRef, request: Request): Promise<{ view: ChatPageData; room: ChatRoom } | null> {
  const opened = await openRoom(t, ref)
  if (!opened.ok) return null
  const before = new URL(request.url).searchParams.get(CHAT_BEFORE_PARAM)
  const history = await roomHistory(t, opened.room, { before })
  return { view: { ...history, me: t.user.publicId, before }, room: opened.room }
}

/** The team chat of an order as its panel starts (null: not this member's conversation). */
export async function projectChatView(t: Tenant, orderId: string, request: Request) {
  const page = await chatPageData(t, { chatType: 'project', orderId }, request)
  if (!page) return null
  const contributor = await orderContributorChat(t, page.room)
  return { ...page.view, messages: page.view.messages as ProjectMessageJson[], contributor }
}

/** The team chat's post without JavaScript: any member of the conversation, not only UPDATE_ORDERS. */
export async function projectChatPost(request: Request, orderId: string) {
  const t = await requirePermission(request)
  const url = new URL(request.url)
  url.searchParams.delete(PROJECT_CHAT_PARAM)
  return postChatForm(t, request, { chatType: 'project', orderId }, `${url.pathname}${url.search}#team-chat`)
}

function refused(error: string, content: string, status = 400) {
  return data<ChatPostAnswer>({ intent: 'chat', ok: false, error, content }, { status })
}

/**
 * A chat post without JavaScript: an optional file and an optional text, each sent as its own
 * message (the file first). Refusals keep the text; success goes back to `back`.
 */
export async function postChatForm(t: Tenant, request: Request, ref: RoomRef, back: string) {
  const opened = await openRoom(t, ref)
  if (!opened.ok) {
    if (opened.code === 'not_found') throw notFound()
    throw forbidden(opened.error)
  }
  const form = await readMultipart(request)
  if (isUploadError(form)) return refused(CHAT_UPLOAD_FAILED, '')
  const parsed = chatPostSchema.safeParse({ content: form.get('content') ?? undefined, format: form.get('format') ?? undefined })
  const content = typeof form.get('content') === 'string' ? String(form.get('content')) : ''
  if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? MESSAGE_REQUIRED, content)
  const upload = form.get('file')
  const file = upload instanceof File && upload.size > 0 ? upload : null
  const hasText = parsed.data.format === 'html' ? !isBlankHtml(parsed.data.content) : !isBlankText(parsed.data.content)
  if (!file && !hasText) return refused(MESSAGE_REQUIRED, content)
  if (file) {
    if (!isAllowedFileName(file.name)) return refused(FILE_NAME_RULE, content)
    const sniffed = await sniffUpload(file, { allowed: DOCUMENT_TYPES, maxBytes: MAX_UPLOAD_BYTES })
    if (isUploadError(sniffed)) return refused(CHAT_UPLOAD_FAILED, content, sniffed.status ?? 400)
    const stored = await saveUpload(t, sniffed, 'chat')
    if (isUploadError(stored)) return refused(CHAT_UPLOAD_FAILED, content, stored.status ?? 400)
    const sent = await sendChatMessage(t, opened.room, { kind: 'file', key: stored.key })
    if (!sent.ok) return refused(sent.error, content)
  }
  if (hasText) {
    const sent = await sendChatMessage(t, opened.room, { kind: 'text', content: parsed.data.content, format: parsed.data.format })
    if (!sent.ok) return refused(sent.error, content)
  }
  return redirect(back)
}
