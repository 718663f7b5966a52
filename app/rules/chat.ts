// Chat rules shared by the socket server and the browser: texts, timings, sizes, role labels, the
// reconnect schedule, the message budget and the socket caps (ADRs 0041, 0083). No I/O.

export const CHAT_TYPES = ['project', 'adminToWriter', 'adminToCustomer', 'writerToCustomer', 'customerToWriter'] as const
export type ChatType = (typeof CHAT_TYPES)[number]
/** The contributor and customer conversations of the spec (the team chat of an order is 'project'). */
export const PERSON_CHAT_TYPES = ['adminToCustomer', 'adminToWriter', 'writerToCustomer', 'customerToWriter'] as const

export type RoleLabel = 'ADMIN' | 'REVIEWER' | 'WRITER' | 'USER' | 'CUSTOMER'

// Texts of the spec, letter for letter.
export const SOCKET_CONNECTING = 'Trying to connect to web socket...'
export const SOCKET_NOT_OPEN = 'Something went wrong, please refresh browser and try again'
export const CHAT_UPLOAD_FAILED = 'Something went wrong!'
export const CHAT_SEND_FAILED = 'Something went wrong.'

// Texts the spec leaves open (ADR 0041).
export const SESSION_ENDED = 'Your session has ended. Please sign in again.'
export const MESSAGE_REQUIRED = 'Type a message or attach a file.'
export const RATE_LIMITED = 'You are sending messages too fast. Please wait a moment and try again.'
export const CHAT_DISABLED = 'Chat between contributors and customers is turned off for this organisation.'
export const NOT_SUBSCRIBED = 'Open the conversation before sending to it.'
export const ORDER_NOT_FOUND = 'Order not found'
export const WRITER_NOT_FOUND = 'Contributor not found'
export const CHAT_FILE_NOT_FOUND = 'File not found'
/** A log-in-as session reads the customer's conversations but does not write in their name (ADR 0063). */
export const IMPERSONATION_CHAT_REFUSED = 'You are signed in as someone else: only the customer can send messages, in their own session.'

/** Timings of the spec's section 9. */
export const CHAT_TIMINGS = {
  /** The browser subscribes this long after the socket opens. */
  subscribeDelayMs: 1000,
  /** The browser pings this often ... */
  pingEveryMs: 60_000,
  /** ... and closes the socket when no pong came back within this. */
  pongTimeoutMs: 20_000,
  /** Reconnect backoff: first wait, doubling up to the cap. */
  reconnectFirstMs: 1000,
  reconnectMaxMs: 30_000,
} as const

/** Sizes of the spec's section 9 (px). */
export const CHAT_SIZES = { projectPanel: 420, contributorList: 410, conversation: 470, imagePreviewMax: 300 } as const

/** A message's text or HTML, markup included. */
export const MAX_MESSAGE_CHARS = 10_000
/** One websocket frame from a browser; larger frames close the socket (1009). */
export const MAX_FRAME_BYTES = 64 * 1024
/** Messages per page of history (the socket's all_messages and the server-rendered list). */
export const HISTORY_PAGE = 100

/** Close codes the browser acts on. */
export const CLOSE_SESSION_ENDED = 4401
export const CLOSE_IDLE = 4408
export const CLOSE_POLICY = 1008

/** The wait before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s ... at most 30 s, with up to 20% jitter. */
export function reconnectDelay(attempt: number, random = Math.random): number {
  const base = Math.min(CHAT_TIMINGS.reconnectMaxMs, CHAT_TIMINGS.reconnectFirstMs * 2 ** Math.max(0, Math.min(attempt, 10)))
  return Math.round(base * (1 + 0.2 * random()))
}

/**
 * The sender's label in a conversation of an order: the owner is ADMIN, the order's contributor
 * WRITER, its reviewer REVIEWER, every other member USER.
 */
export function roleLabelFor(sender: { id: number; role: string }, order: { writerId: number | null; reviewerId: number | null } | null): RoleLabel {
  if (sender.role === 'client') return 'ADMIN'
  if (order?.writerId === sender.id) return 'WRITER'
  if (order?.reviewerId === sender.id) return 'REVIEWER'
  return 'USER'
}

/** What a message shows as its sender's role: YOU for one's own, CONTRIBUTOR for a writer. */
export function shownRoleLabel(label: string, mine: boolean): string {
  if (mine) return 'YOU'
  return label === 'WRITER' ? 'CONTRIBUTOR' : label
}

/** Empty messages are never sent: whitespace (including non-breaking spaces) counts as empty. */
export function isBlankText(text: string | null | undefined): boolean {
  return (text ?? '').replace(/\u00a0/g, ' ').trim() === ''
}

export type Bucket = { tokens: number; at: number }

/**
 * A token bucket: `capacity` at once, refilled at `perSecond`. Returns the bucket after taking one
 * token, or null when there is none left (the bucket is then unchanged).
 */
export function takeToken(bucket: Bucket, limit: { capacity: number; perSecond: number }, now: number): Bucket | null {
  const tokens = Math.min(limit.capacity, bucket.tokens + ((now - bucket.at) / 1000) * limit.perSecond)
  if (tokens < 1) return null
  return { tokens: tokens - 1, at: now }
}

/**
 * Chat messages per person, shared by all of their sockets on every process (over: the message is
 * refused; ADR 0083), and frames of any kind per socket (over: the socket is closed).
 */
export const SOCKET_LIMITS = {
  messages: { capacity: 10, perSecond: 5 },
  frames: { capacity: 60, perSecond: 20 },
} as const

/** Open sockets at once (ADR 0083): per session (a browser's tabs) and per person (their devices). */
export const SOCKET_CAPS = { perSession: 10, perUser: 20 } as const

/** The HTTP answer to an upgrade past a cap: 429, and when to try again (the browser's backoff reaches 30 s). */
export const SOCKET_CAP_RETRY_SECONDS = 30
export const TOO_MANY_SOCKETS_SESSION = `Too many open connections from this browser (at most ${SOCKET_CAPS.perSession}). Close a tab and try again.`
export const TOO_MANY_SOCKETS_USER = `Too many open connections for this account (at most ${SOCKET_CAPS.perUser}). Close a tab or sign out elsewhere and try again.`

/** Plain text as the HTML of the contributor chat (the no-JavaScript form sends a textarea's text). */
export function textToHtml(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
  return escaped
    .split(/\r?\n\s*\r?\n/)
    .map((para) => `<p>${para.replace(/\r?\n/g, '<br />')}</p>`)
    .join('')
}

/** Image messages are previewed inline; everything else is a download link. */
export function isPreviewableImage(mimetype: string | null | undefined): boolean {
  return typeof mimetype === 'string' && /^image\/(jpeg|png|gif|webp)$/.test(mimetype)
}

/** The team chat's plain form posts to the project page with this query parameter (ADR 0041). */
export const PROJECT_CHAT_PARAM = 'chat'
/** Earlier messages without JavaScript: the page again with the history before this message id. */
export const CHAT_BEFORE_PARAM = 'chatBefore'

/** The team chat form's action: the page's own URL (its view kept) with the chat flag. */
export function projectChatAction(pathname: string, search: string): string {
  const params = new URLSearchParams(search)
  params.set(PROJECT_CHAT_PARAM, 'post')
  params.delete(CHAT_BEFORE_PARAM)
  return `${pathname}?${params}`
}

/** The page's URL showing the history before one message (null: the latest), chat flag dropped. */
export function chatHistoryHref(pathname: string, search: string, before: string | null): string {
  const params = new URLSearchParams(search)
  params.delete(PROJECT_CHAT_PARAM)
  if (before) params.set(CHAT_BEFORE_PARAM, before)
  else params.delete(CHAT_BEFORE_PARAM)
  const qs = params.toString()
  return `${pathname}${qs ? `?${qs}` : ''}`
}
