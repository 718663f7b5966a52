// Notification rules shared by server and browser: who hears of an event, what it says, paging and the badge.
import { can, type Principal } from './permissions'

/** One page of GET /api/notifications and of the /notifications list. */
export const NOTIFICATIONS_PAGE_SIZE = 10
/** The no-JS page renders pages 1..n at once; beyond this a link is a request for too much. */
export const NOTIFICATIONS_MAX_PAGE = 1000
export const NOTIFICATIONS_MAX_RENDERED_PAGES = 20
/** The top bar counts unread notifications up to here ('99+' beyond), so its query stays small on every page. */
export const BADGE_COUNT_CAP = 100

export const NO_NOTIFICATIONS = 'No Notifications'
export const MARK_ALL_AS_SEEN = 'Mark all as seen'
/** Back-office section 8: the page failed to load, and a clear failed. */
export const NOTIFICATIONS_LOAD_FAILED = 'Unexpected Error!!'
export const CLEAR_NOTIFICATIONS_FAILED = 'Unexpected error, please try again later!'
export const NOTIFICATION_NOT_FOUND = 'Notification not found'

export function badgeLabel(unread: number): string {
  if (!Number.isFinite(unread) || unread <= 0) return ''
  return unread > 99 ? '99+' : String(Math.floor(unread))
}

/** The broadcast events: who among the staff of the organisation hears of them (besides named people). */
export type StaffEvent = 'draft_uploaded' | 'invoice_paid'

export type StaffMember = Principal & { userId: number; active: boolean }

/**
 * Owners always; staff with the permission that lets them act on it: approving drafts (only while
 * one waits for approval), or reading order invoices. Inactive people hear nothing.
 */
export function staffInterestedIn(member: StaffMember, event: StaffEvent, opts: { pendingApproval?: boolean } = {}): boolean {
  if (!member.active) return false
  if (member.role === 'client') return true
  if (event === 'draft_uploaded') return !!opts.pendingApproval && can(member, { all: ['READ_AND_UPDATE_DRAFTS_APPROVAL'] })
  return can(member, { all: ['READ_ORDERS_INVOICES'] })
}

/** Each person once, never the one who caused the event (they know). */
export function recipientsOf(candidates: readonly (number | null | undefined)[], actorUserId: number | null): number[] {
  const out = new Set<number>()
  for (const id of candidates) if (typeof id === 'number' && id > 0 && id !== actorUserId) out.add(id)
  return [...out]
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)
const orderLabel = (o: { packageName: string; customerName: string }) => `${o.packageName} for ${o.customerName}`

/** The texts (the spec's `contant`); the spec shows none, so these are ours (ADR 0042). */
export const notificationText = {
  assigned(actor: string, role: 'writer' | 'reviewer', orders: { packageName: string; customerName: string }[]) {
    const what = orders.length === 1 ? orderLabel(orders[0]!) : `${orders.length} orders`
    return role === 'writer' ? `${actor} assigned you ${what}` : `${actor} made you the reviewer of ${what}`
  },
  draftUploaded(writer: string, serviceName: string, order: { packageName: string; customerName: string }, pendingApproval: boolean) {
    const text = `${writer} uploaded a draft of ${serviceName || 'a service'} (${orderLabel(order)})`
    return pendingApproval ? `${text}: it waits for approval` : text
  },
  revisionDecided(actor: string, decision: 'approved' | 'rejected', serviceName: string, order: { packageName: string; customerName: string }, reason?: string | null) {
    const text = `${actor} ${decision} your draft of ${serviceName || 'a service'} (${orderLabel(order)})`
    return decision === 'rejected' && reason ? `${text}: ${clip(reason, 300)}` : text
  },
  invoicePaid(amount: string, orders: { packageName: string; customerName: string }[]) {
    const what = orders.length === 1 ? orderLabel(orders[0]!) : orders.length ? `${orders.length} orders` : 'an invoice'
    return `Invoice paid: ${amount} (${what})`
  },
  dueSoon(order: { packageName: string; customerName: string }, due: string) {
    return `${orderLabel(order)} is due ${due} and is not complete yet`
  },
  chatMessage(sender: string, preview: string, order?: { packageName: string; customerName: string } | null) {
    const where = order ? ` on ${orderLabel(order)}` : ''
    const text = plainText(preview)
    return text ? `New message from ${sender}${where}: ${clip(text, 140)}` : `New message from ${sender}${where}`
  },
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' }

/** A chat message (the contributor chat's rich text is sanitized HTML) as one line of plain text. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .trim()
}

/** A conversation's key: one unseen chat notification per conversation and recipient (ADR 0042). */
export function chatGroupKey(input: { orderPublicId?: string | null; senderUserId: number }): string {
  return input.orderPublicId ? `chat:order:${input.orderPublicId}` : `chat:user:${input.senderUserId}`
}

/** The list after a live push or another page: newest first, each notification once. */
export function mergeNotifications<T extends { _id: string; createdAt: string }>(current: readonly T[], incoming: readonly T[]): T[] {
  const byId = new Map<string, T>()
  for (const n of [...incoming, ...current]) if (!byId.has(n._id)) byId.set(n._id, n)
  return [...byId.values()].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
}
