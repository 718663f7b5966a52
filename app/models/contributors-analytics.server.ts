// Contributors Analytics (beta), ADR 0047: the organisation's contributors for the multi-select, the
// order tracker (per-day rollups, the last 24 hours from the orders) and the four quality metrics
// (first-draft rating, chat, first-draft and final-delivery response times) of the selected contributors.
// The page's loader and the JSON calls share these functions.
import { dashboardContext } from '#app/models/dashboard.server'
import { getWebsiteSettings } from '#app/models/organisation-settings.server'
import { listStaff } from '#app/models/staff.server'
import {
  type AnalyticsRange,
  average,
  elapsedDays,
  MAX_SELECTED_WRITERS,
  METRICS_RANGE,
  type Metric,
  rangeBounds,
  replyWaitsInDays,
  roundTo,
  writerName,
} from '#app/rules/contributors-analytics'
import { dayKey, startOfLocalDay } from '#app/rules/month-buckets'
import type { Tenant } from './auth-guards.server'
import { scopedAs } from '#db/tenant'

export type ContributorOption = { _id: string; firstName: string; lastName: string; writerName: string; active: boolean }

/** Contributors are the members holding WRITER who are not archived (inactive ones keep their history). */
export async function listContributors(t: Tenant): Promise<ContributorOption[]> {
  const { rows } = await listStaff(t, { permissions: ['WRITER'], sort: 'name', dir: 'asc' })
  return rows.map((r) => ({ _id: r.publicId, firstName: r.firstName, lastName: r.lastName, writerName: writerName(r.firstName, r.lastName), active: !!r.active }))
}

/** GET /api/client/writers/analytics and the page's first read: the multi-select and the settings that shape it. */
export async function analyticsOverview(t: Tenant) {
  const [writers, settings] = await Promise.all([listContributors(t), getWebsiteSettings(t)])
  return {
    writers,
    settings: {
      disable_customer_rating: !!settings.disable_customer_rating,
      disable_writer_customer_chat: !!settings.disable_writer_customer_chat,
      maxSelectedWriters: MAX_SELECTED_WRITERS,
    },
  }
}

type Writer = { id: number; publicId: string; firstName: string; lastName: string }

/**
 * The contributors the ids name, in this organisation only: an id of another organisation, of a
 * non-contributor or of nobody names nothing. No ids: every contributor, up to the cap.
 */
async function resolveWriters(t: Tenant, selected: readonly string[]): Promise<Writer[]> {
  const { rows } = await listStaff(t, { permissions: ['WRITER'], sort: 'name', dir: 'asc' })
  const wanted = new Set(selected)
  return rows
    .filter((r) => wanted.size === 0 || wanted.has(r.publicId))
    .slice(0, MAX_SELECTED_WRITERS)
    .map((r) => ({ id: Number(r.userId), publicId: r.publicId, firstName: r.firstName, lastName: r.lastName }))
}

const person = (w: Writer) => ({ _id: w.publicId, writerName: writerName(w.firstName, w.lastName), firstName: w.firstName, lastName: w.lastName })

export type OrderTrackerRow = ReturnType<typeof person> & { writerOrders: number; completedOrders: number }
export type RatingRow = ReturnType<typeof person> & { avgRatingWithTwoDecimal: number | null; ratedOrders: number }
export type ChatRow = ReturnType<typeof person> & { avgChatTimeInDays: number | null; replies: number }
export type FirstDraftRow = ReturnType<typeof person> & { avgFirstDraftResTimeInDays: number | null; orders: number }
export type FinalDeliveryRow = ReturnType<typeof person> & { avgFinalDocResTimeInDays: number | null; orders: number }

const DAYS_DIGITS = 4

/** The zone the day buckets were cut in (the dashboard's rule) and today's local day there. */
async function localToday(t: Tenant, now: Date) {
  const { timeZone } = await dashboardContext(t, now)
  return { zone: timeZone, today: dayKey(timeZone, now) }
}

/**
 * Orders per contributor placed in the range and assigned to them now, and how many of those are
 * complete: the per-day rollups for the day ranges; the rolling 24 hours from the orders themselves
 * (one index range per contributor: client_id, writer_id, created_at).
 */
export async function orderTracker(t: Tenant, selected: readonly string[], range: AnalyticsRange, now = new Date()): Promise<OrderTrackerRow[]> {
  const writers = await resolveWriters(t, selected)
  if (writers.length === 0) return []
  const ids = writers.map((w) => w.id)
  const { today } = await localToday(t, now)
  const bounds = rangeBounds(range, now, today)
  const rows =
    bounds.kind === 'hours'
      ? await scopedAs(t, 'orders', 'o')
          .select((eb) => [
            'o.writer_id',
            eb.fn.countAll<number>().as('orders'),
            eb.fn.sum<number>(eb.case().when('o.status_percentage', '>=', 100).then(1).else(0).end()).as('completed'),
          ])
          .where('o.writer_id', 'in', ids)
          .where('o.created_at', '>=', bounds.since)
          .where('o.created_at', '<=', bounds.until)
          .where('o.test_order', '=', false)
          .groupBy('o.writer_id')
          .execute()
      : await scopedAs(t, 'analytics_writer_days', 'w')
          .select((eb) => ['w.writer_id', eb.fn.sum<number>('w.orders').as('orders'), eb.fn.sum<number>('w.completed_orders').as('completed')])
          .where('w.writer_id', 'in', ids)
          .where('w.day', '>=', bounds.fromDay)
          .where('w.day', '<=', bounds.toDay)
          .groupBy('w.writer_id')
          .execute()
  const byWriter = new Map(rows.map((r) => [Number(r.writer_id), r]))
  return writers.map((w) => {
    const r = byWriter.get(w.id)
    return { ...person(w), writerOrders: Number(r?.orders ?? 0), completedOrders: Number(r?.completed ?? 0) }
  })
}

/** The first instant the four metrics cover: the start of the 6Months range's first local day. */
async function metricsSince(t: Tenant, now: Date): Promise<Date> {
  const { zone, today } = await localToday(t, now)
  const bounds = rangeBounds(METRICS_RANGE, now, today)
  return bounds.kind === 'hours' ? bounds.since : startOfLocalDay(zone, bounds.fromDay)
}

type OrderFacts = { writerId: number; assignedAt: Date | null; completedAt: Date | null; firstDraftAt: Date | null; firstDraftRating: number | null }

const ID_CHUNK = 1000

/**
 * The selected contributors' orders placed since `since` (test orders left out), each with its first
 * delivered draft (the earliest one not withdrawn) and that draft's rating.
 */
async function orderFacts(t: Tenant, writerIds: number[], since: Date): Promise<OrderFacts[]> {
  const orders = await scopedAs(t, 'orders', 'o')
    .select(['o.id', 'o.writer_id', 'o.assigned_at', 'o.completed_at'])
    .where('o.writer_id', 'in', writerIds)
    .where('o.created_at', '>=', since)
    .where('o.test_order', '=', false)
    .execute()
  const first = new Map<number, { at: Date; id: number; rating: number | null }>()
  for (let i = 0; i < orders.length; i += ID_CHUNK) {
    const ids = orders.slice(i, i + ID_CHUNK).map((o) => o.id)
    const drafts = await scopedAs(t, 'drafts', 'd')
      .select(['d.id', 'd.order_id', 'd.created_at', 'd.rating'])
      .where('d.order_id', 'in', ids)
      .where('d.deleted_at', 'is', null)
      .execute()
    for (const d of drafts) {
      const at = new Date(d.created_at)
      const seen = first.get(Number(d.order_id))
      if (!seen || at < seen.at || (at.getTime() === seen.at.getTime() && Number(d.id) < seen.id))
        first.set(Number(d.order_id), { at, id: Number(d.id), rating: d.rating === null ? null : Number(d.rating) })
    }
  }
  return orders.map((o) => {
    const f = first.get(Number(o.id))
    return { writerId: Number(o.writer_id), assignedAt: o.assigned_at, completedAt: o.completed_at, firstDraftAt: f?.at ?? null, firstDraftRating: f?.rating ?? null }
  })
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>()
  for (const item of items) {
    const k = key(item)
    const list = out.get(k)
    if (list) list.push(item)
    else out.set(k, [item])
  }
  return out
}

export type OrderQuality = { rating: RatingRow[]; firstDraft: FirstDraftRow[]; finalDelivery: FinalDeliveryRow[] }

/**
 * The three order metrics from one read of the orders and their drafts: the average customer rating
 * (1 to 5) of each order's first draft over the rated ones; the average time from assignment to the
 * first draft; and from assignment to completion (final documents delivered, the order at 100 percent).
 */
export async function orderQuality(t: Tenant, selected: readonly string[], now = new Date()): Promise<OrderQuality> {
  const writers = await resolveWriters(t, selected)
  if (writers.length === 0) return { rating: [], firstDraft: [], finalDelivery: [] }
  const facts = groupBy(
    await orderFacts(
      t,
      writers.map((w) => w.id),
      await metricsSince(t, now),
    ),
    (f) => f.writerId,
  )
  const out: OrderQuality = { rating: [], firstDraft: [], finalDelivery: [] }
  for (const w of writers) {
    const mine = facts.get(w.id) ?? []
    const ratings = mine.map((f) => f.firstDraftRating).filter((r): r is number => r !== null && r > 0)
    const toDraft = mine.map((f) => elapsedDays(f.assignedAt, f.firstDraftAt)).filter((d): d is number => d !== null)
    const toFinal = mine.map((f) => elapsedDays(f.assignedAt, f.completedAt)).filter((d): d is number => d !== null)
    out.rating.push({ ...person(w), avgRatingWithTwoDecimal: roundTo(average(ratings), 2), ratedOrders: ratings.length })
    out.firstDraft.push({ ...person(w), avgFirstDraftResTimeInDays: roundTo(average(toDraft), DAYS_DIGITS), orders: toDraft.length })
    out.finalDelivery.push({ ...person(w), avgFinalDocResTimeInDays: roundTo(average(toFinal), DAYS_DIGITS), orders: toFinal.length })
  }
  return out
}

/**
 * Average wait, in the admin-contributor conversation, from an admin's message to the contributor's
 * next reply (messages of the last 6 months; one index range per contributor: client_id, writer_id, chat_type, id).
 */
export async function chatResponseTime(t: Tenant, selected: readonly string[], now = new Date()): Promise<ChatRow[]> {
  const writers = await resolveWriters(t, selected)
  if (writers.length === 0) return []
  const since = await metricsSince(t, now)
  const rows = await scopedAs(t, 'chat_messages', 'cm')
    .select(['cm.writer_id', 'cm.sent_to_admin', 'cm.created_at'])
    .where(
      'cm.writer_id',
      'in',
      writers.map((w) => w.id),
    )
    .where('cm.chat_type', '=', 'adminToWriter')
    .where('cm.created_at', '>=', since)
    .orderBy('cm.writer_id')
    .orderBy('cm.id')
    .execute()
  const byWriter = groupBy(rows, (r) => Number(r.writer_id))
  return writers.map((w) => {
    const waits = replyWaitsInDays((byWriter.get(w.id) ?? []).map((r) => ({ fromContributor: !!r.sent_to_admin, at: r.created_at })))
    return { ...person(w), avgChatTimeInDays: roundTo(average(waits), DAYS_DIGITS), replies: waits.length }
  })
}

export type MetricRows = OrderTrackerRow[] | RatingRow[] | ChatRow[] | FirstDraftRow[] | FinalDeliveryRow[]

/** One call's figures by its name: the JSON route and the page read through here. */
export function readMetric(t: Tenant, metric: Metric, selected: readonly string[], range: AnalyticsRange, now = new Date()): Promise<MetricRows> {
  switch (metric) {
    case 'order-tracker':
      return orderTracker(t, selected, range, now)
    case 'first-draft-rating':
      return orderQuality(t, selected, now).then((q) => q.rating)
    case 'chat-response-time':
      return chatResponseTime(t, selected, now)
    case 'first-draft-response-time':
      return orderQuality(t, selected, now).then((q) => q.firstDraft)
    case 'final-delivery-response-time':
      return orderQuality(t, selected, now).then((q) => q.finalDelivery)
  }
}
