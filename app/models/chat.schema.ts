// The frames a browser sends over the chat socket and the chat forms without JavaScript (ADR 0041).
import { z } from 'zod'
import { MAX_MESSAGE_CHARS } from '#app/rules/chat'

const publicId = z.string().trim().min(1).max(64)

/** Which conversation a frame is about: an order's (team chat, customer chats) or a contributor's. */
const room = {
  chatType: z.enum(['project', 'adminToWriter', 'adminToCustomer', 'writerToCustomer', 'customerToWriter']).default('project'),
  orderId: publicId.optional(),
  writerId: publicId.optional(),
  // The spec's subscribe carries the sender's own id; identity always comes from the session, so it is not used.
  userId: z.unknown().optional(),
}

const subscribe = z.object({ type: z.literal('subscribe'), ...room })
const requestAll = z.object({ type: z.literal('request_all_messages'), ...room, before: publicId.optional() })
const markRead = z.object({ type: z.literal('mark_read'), ...room })
const ping = z.object({ type: z.literal('ping') })
const newMessage = z.object({
  type: z.literal('new_message'),
  ...room,
  message_type: z.enum(['text', 'file']).default('text'),
  content: z
    .string()
    .max(MAX_MESSAGE_CHARS, `A message has at most ${MAX_MESSAGE_CHARS.toLocaleString('en-US')} characters.`)
    .optional(),
  // The contributor chat's name for the text.
  message: z
    .string()
    .max(MAX_MESSAGE_CHARS, `A message has at most ${MAX_MESSAGE_CHARS.toLocaleString('en-US')} characters.`)
    .optional(),
  data: z
    .object({ key: z.string().max(200) })
    .passthrough()
    .optional(),
  // Set by the server from the sender's side of the conversation; a browser's value is not used.
  sentToAdmin: z.unknown().optional(),
  /** The browser's own id for the message, echoed in an error about it. */
  ref: z.string().max(64).optional(),
})

export const clientFrameSchema = z.discriminatedUnion('type', [subscribe, requestAll, markRead, ping, newMessage])
export type ClientFrame = z.infer<typeof clientFrameSchema>
export type RoomFrame = Exclude<ClientFrame, { type: 'ping' }>
export type NewMessageFrame = z.infer<typeof newMessage>

/** The text field of the chat forms without JavaScript (the file is read from the multipart body). */
export const chatPostSchema = z.object({
  content: z
    .string()
    .max(MAX_MESSAGE_CHARS, `A message has at most ${MAX_MESSAGE_CHARS.toLocaleString('en-US')} characters.`)
    .default(''),
  // The contributor chat's editor sends HTML; its no-JavaScript textarea sends text.
  format: z.enum(['html', 'text']).default('text'),
})
