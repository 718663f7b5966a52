// Demo order histories, pure: a seeded PRNG turns an organisation's catalog and people into orders in
// every state, each with the events (tasks, drafts, revisions, activity) that led there, and their invoices.
import { lastTaskLabel, statusPercentage } from '../../app/rules/order-tasks'
import type { DraftData, DraftFile, OrderPriority, OrderServiceSnapshot } from '../tables/orders'

export type Rng = () => number

/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same business every run. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!
const between = (rng: Rng, min: number, max: number) => min + rng() * (max - min)
const chance = (rng: Rng, p: number) => rng() < p

function weighted<K extends string>(rng: Rng, weights: Partial<Record<K, number>>): K {
  const entries = Object.entries(weights) as [K, number][]
  let r = rng() * entries.reduce((sum, [, w]) => sum + w, 0)
  for (const [key, w] of entries) {
    r -= w
    if (r < 0) return key
  }
  return entries[entries.length - 1]![0]
}

/** Where an order stands; flags (archived, test, hidden) come on top of these. */
export const ORDER_STATES = ['new', 'assigned', 'drafted', 'revision_open', 'revision_accepted', 'completed', 'marked_complete'] as const
export type OrderState = (typeof ORDER_STATES)[number]

export type StoryProduct = { id: number; name: string; priceCents: number; archived: boolean; active: boolean; services: OrderServiceSnapshot[] }
export type StoryPerson = { id: number; name: string; email: string; firstName: string; lastName: string; active: boolean; weight?: number }

export type StoryContext = {
  products: StoryProduct[]
  customers: StoryPerson[]
  writers: StoryPerson[]
  reviewers: StoryPerson[]
  ownerId: number
  /** Stored files the drafts and attachments point at (bytes exist, so downloads work). */
  files: { id: number; draftFile: DraftFile }[]
  tags: readonly string[]
  /** The organisation asks an admin to approve drafts before the customer sees them. */
  revisionsApproval: boolean
}

export type StoryTask = { serviceId: string; taskId: string; serviceType: string; at: Date }
export type StoryActivity = { actorId: number | null; content: string; at: Date }
export type StoryDraft = {
  serviceId: string
  writerId: number | null
  data: DraftData
  approval: 'pending' | 'approved' | 'rejected' | null
  rejectionReason: string | null
  rejectionFiles: DraftFile[] | null
  rating: number | null
  review: string | null
  reviewedByUser: boolean
  deletedBy: number | null
  deletedReason: string | null
  deletedAt: Date | null
  createdAt: Date
  updatedAt: Date
}

export type OrderStory = {
  index: number
  state: OrderState
  productId: number
  customer: StoryPerson
  packageName: string
  services: OrderServiceSnapshot[]
  priceCents: number
  cartId: string | null
  writerId: number | null
  reviewerId: number | null
  statusPercentage: number
  priority: OrderPriority
  dueDate: Date | null
  assignedAt: Date | null
  completedAt: Date | null
  archived: boolean
  testOrder: boolean
  hideOrder: boolean
  markedAsComplete: boolean
  amountPaidToWriterCents: number | null
  lastTaskId: string | null
  lastTaskAt: Date | null
  customerLastRevisionAt: Date | null
  createdAt: Date
  updatedAt: Date
  tasks: StoryTask[]
  drafts: StoryDraft[]
  activity: StoryActivity[]
  tags: string[]
  attachments: { fileId: number; at: Date }[]
}

export type InvoiceStory = {
  index: number
  customerId: number
  type: 'single' | 'multiOrders'
  status: 'unpaid' | 'paid' | 'refunded'
  priceCents: number
  providerPaidCents: number
  providerPaymentId: string | null
  refundAmountCents: number | null
  providerRefundId: string | null
  isTest: boolean
  paidAt: Date | null
  refundedAt: Date | null
  createdAt: Date
  items: { orderIndex: number; packageName: string; priceCents: number }[]
}

const HOUR = 3_600_000
const DAY = 24 * HOUR

const REVIEWS = [
  'Exactly what I needed, thank you!',
  'Great work, very professional.',
  'Quick turnaround and clear communication.',
  'Good draft, a few tweaks were needed.',
  'Landed three interviews in the first week.',
  'Solid, though it took a little longer than expected.',
]
const WITHDRAW_REASONS = ['Uploaded the wrong file', 'Sent to the wrong service', 'Formatting broke in the PDF export']
const REJECT_REASONS = ['Please fix the typos in the summary section', 'The layout does not follow our template', 'Missing the customer’s latest role']
const NOTES = ['First draft attached.', 'Revised as requested.', 'Updated the summary and skills.', 'Final polish done.', 'Tightened the wording throughout.']

/** One step of a service's pipeline, derived from its modules. */
type Step = { kind: 'task'; taskId: string; by: 'customer' | 'writer' } | { kind: 'draft' } | { kind: 'revision' } | { kind: 'accept' }

/** `minRounds`: revisions the customer asks for at least (an open revision needs one). */
function serviceSteps(service: OrderServiceSnapshot, rng: Rng, minRounds: number): Step[] {
  const steps: Step[] = []
  const ids = service.serviceModules.map((m) => m.id)
  for (const id of ids) {
    if (id === 'previous_document') continue // the upload phase, before the writer is assigned
    if (id === 'additional_questionnaire') {
      steps.push({ kind: 'task', taskId: 'additional_questionnaire_submitted', by: 'writer' }, { kind: 'task', taskId: 'additional_questionnaire', by: 'customer' })
    } else if (id === 'schedule_appointment') {
      steps.push({ kind: 'task', taskId: 'appointment_awaiting_writer', by: 'customer' }, { kind: 'task', taskId: 'schedule_appointment', by: 'writer' })
    } else if (id === 'revision_process') {
      steps.push({ kind: 'draft' })
      const rounds = Math.max(minRounds, Number(weighted(rng, { '0': 3, '1': 5, '2': 2 })))
      for (let r = 0; r < rounds; r++) steps.push({ kind: 'revision' }, { kind: 'draft' })
      steps.push({ kind: 'accept' })
    } else if (id === 'final_document' || id === 'final_linkedin') {
      if (!steps.some((s) => s.kind === 'draft')) steps.push({ kind: 'draft' })
      steps.push({ kind: 'task', taskId: id, by: 'writer' })
    } else {
      // A module from a published form: the customer fills it in.
      steps.push({ kind: 'task', taskId: id, by: 'customer' })
    }
  }
  return steps
}

/** How far a service's pipeline goes for an order in `state`; the focus service carries the state. */
function cutFor(steps: Step[], state: OrderState, focus: boolean, rng: Rng): number {
  const firstDraft = steps.findIndex((s) => s.kind === 'draft')
  const before = (index: number) => (index < 0 ? steps.length : index)
  const upTo = (max: number) => Math.floor(between(rng, 0, max + 1))
  switch (state) {
    case 'new':
      return 0
    case 'assigned':
      return upTo(before(firstDraft))
    case 'drafted':
      return focus ? firstDraft + 1 : upTo(before(firstDraft))
    case 'revision_open':
      return focus ? steps.findIndex((s) => s.kind === 'revision') + 1 : upTo(before(firstDraft))
    case 'revision_accepted':
      return focus ? steps.findIndex((s) => s.kind === 'accept') + 1 : upTo(firstDraft < 0 ? steps.length : firstDraft + 1)
    case 'completed':
      return steps.length
    case 'marked_complete':
      return upTo(steps.length - 1)
  }
}

/** Events placed on a time line after the fact, so a story always fits between its order date and now. */
class Timeline {
  private events: { gapHours: number; apply: (at: Date) => void }[] = []
  add(gapHours: number, apply: (at: Date) => void) {
    this.events.push({ gapHours, apply })
  }
  /** Runs the events in order from `start`, squeezed (never stretched) to end before `end`. */
  play(start: Date, end: Date) {
    const natural = this.events.reduce((sum, e) => sum + e.gapHours, 0) * HOUR
    const room = Math.max(0, end.getTime() - start.getTime())
    const scale = natural > room ? room / natural : 1
    let at = start.getTime()
    for (const e of this.events) {
      // At least a second apart, so "the latest" is always well defined.
      at += Math.max(1000, Math.round(e.gapHours * HOUR * scale))
      e.apply(new Date(at))
    }
  }
}

const fmtDay = (d: Date) => d.toISOString().slice(0, 10)
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

function stateFor(rng: Rng, ageDays: number): OrderState {
  if (ageDays < 7) return weighted(rng, { new: 40, assigned: 30, drafted: 18, revision_open: 8, revision_accepted: 4 })
  if (ageDays < 30) return weighted(rng, { new: 5, assigned: 20, drafted: 28, revision_open: 20, revision_accepted: 15, completed: 10, marked_complete: 2 })
  if (ageDays < 90) return weighted(rng, { assigned: 4, drafted: 10, revision_open: 8, revision_accepted: 14, completed: 56, marked_complete: 8 })
  return weighted(rng, { drafted: 3, revision_open: 2, completed: 85, marked_complete: 10 })
}

/** Ages that suit a state, for the first orders, which are forced through every state. */
const FORCED_AGE_DAYS: Record<OrderState, [number, number]> = {
  new: [0.1, 3],
  assigned: [1, 6],
  drafted: [4, 12],
  revision_open: [6, 20],
  revision_accepted: [10, 30],
  completed: [40, 120],
  marked_complete: [40, 120],
}

function pickWeighted<T extends { weight?: number }>(rng: Rng, items: readonly T[]): T {
  let r = rng() * items.reduce((sum, p) => sum + (p.weight ?? 1), 0)
  for (const item of items) {
    r -= item.weight ?? 1
    if (r < 0) return item
  }
  return items[items.length - 1]!
}

type Cart = { index: number; customer: StoryPerson; createdAt: Date; cartId: string | null; orderIndexes: number[] }

/**
 * `count` orders over the last year before `now`, in carts (some buy two products at once: one
 * multi-order invoice), with every state, flag and invoice status represented.
 */
export function writeStories(
  ctx: StoryContext,
  opts: { count: number; seed: number; now: Date; idOf: (name: string) => string },
): { orders: OrderStory[]; invoices: InvoiceStory[] } {
  const rng = seededRng(opts.seed)
  const end = new Date(Math.floor(opts.now.getTime() / HOUR) * HOUR)
  const orders: OrderStory[] = []
  const carts: Cart[] = []
  const current = ctx.products.filter((p) => p.active && !p.archived)

  while (orders.length < opts.count) {
    const index = orders.length
    const forced = index < ORDER_STATES.length ? ORDER_STATES[index] : undefined
    const ageDays = forced ? between(rng, ...FORCED_AGE_DAYS[forced]) : Math.max(0.02, 365 * Math.pow(rng(), 1.5))
    const createdAt = new Date(end.getTime() - Math.round(ageDays * DAY))
    // Repeat buyers: the first customers of the list buy more often.
    const customer = ctx.customers[Math.floor(Math.pow(rng(), 1.6) * ctx.customers.length)]!
    const size = !forced && chance(rng, 0.04) && orders.length + 2 <= opts.count ? 2 : 1
    const viaCheckout = size > 1 || chance(rng, 0.75)
    const cart: Cart = { index: carts.length, customer, createdAt, cartId: viaCheckout ? `cs_seed_${opts.idOf(`cart:${carts.length}`).slice(0, 16)}` : null, orderIndexes: [] }
    carts.push(cart)
    for (let k = 0; k < size; k++) {
      const state = forced ?? stateFor(rng, ageDays)
      // Retired products sold earlier in the year; the catalog of today sells now.
      const catalog = ageDays > 150 ? ctx.products : ageDays > 45 ? ctx.products.filter((p) => !p.archived) : current
      const product = pickWeighted(
        rng,
        catalog.map((p) => ({ ...p, weight: p.archived || !p.active ? 0.4 : 1 })),
      )
      cart.orderIndexes.push(orders.length)
      orders.push(tellOrder(ctx, rng, { index: orders.length, state, product, customer, createdAt, cartId: cart.cartId, end }))
    }
  }
  return { orders, invoices: carts.flatMap((cart) => invoiceFor(rng, cart, orders, end)) }
}

function tellOrder(
  ctx: StoryContext,
  rng: Rng,
  o: { index: number; state: OrderState; product: StoryProduct; customer: StoryPerson; createdAt: Date; cartId: string | null; end: Date },
): OrderStory {
  const ageDays = (o.end.getTime() - o.createdAt.getTime()) / DAY
  const services = o.product.services
  // Revisions need a service with a revision module; a product without one stops at its drafts.
  const revisionService = services.findIndex((s) => s.serviceModules.some((m) => m.id === 'revision_process'))
  let state = o.state
  if ((state === 'revision_open' || state === 'revision_accepted') && revisionService < 0) state = 'drafted'
  const focusIndex = revisionService >= 0 && (state === 'revision_open' || state === 'revision_accepted') ? revisionService : 0

  const discounted = chance(rng, 0.15)
  const priceCents = discounted ? Math.round((o.product.priceCents * between(rng, 0.75, 0.9)) / 100) * 100 : o.product.priceCents
  const story: OrderStory = {
    index: o.index,
    state,
    productId: o.product.id,
    customer: o.customer,
    packageName: o.product.name,
    services,
    priceCents,
    cartId: o.cartId,
    writerId: null,
    reviewerId: null,
    statusPercentage: 0,
    priority: weighted<OrderPriority>(rng, { urgent: 8, high: 20, medium: 52, low: 20 }),
    dueDate: null,
    assignedAt: null,
    completedAt: null,
    archived: false,
    // Every fiftieth order (at fixed offsets) is a test order or hidden, so both always exist.
    testOrder: o.index % 50 === 7,
    hideOrder: o.index % 50 === 19,
    markedAsComplete: false,
    amountPaidToWriterCents: null,
    lastTaskId: null,
    lastTaskAt: null,
    customerLastRevisionAt: null,
    createdAt: o.createdAt,
    updatedAt: o.createdAt,
    tasks: [],
    drafts: [],
    activity: [],
    tags: [],
    attachments: [],
  }
  const customerId = o.customer.id
  const activity = (actorId: number | null, content: string) => (at: Date) => {
    story.activity.push({ actorId, content, at })
    story.updatedAt = at
  }
  const task = (service: OrderServiceSnapshot, taskId: string, actorId: number | null) => (at: Date) => {
    story.tasks.push({ serviceId: service._id, taskId, serviceType: service.serviceType, at })
    activity(actorId, `${lastTaskLabel(taskId)}: ${service.serviceName}`)(at)
  }

  const writers = ctx.writers.filter((w) => w.active || ageDays > 60)
  const writer = state === 'new' ? null : pickWeighted(rng, writers)
  const reviewerPool = ctx.reviewers.filter((r) => r.id !== writer?.id)
  const reviewer = writer && reviewerPool.length && chance(rng, 0.45) ? pick(rng, reviewerPool) : null
  const files = ctx.files
  const draftData = (note: string): DraftData => {
    const pdf = pick(rng, files).draftFile
    const word = chance(rng, 0.7) ? (files.find((f) => f.draftFile.file.mimetype.includes('word'))?.draftFile ?? null) : null
    return { dataPdf: pdf, dataWord: word, dataOther: null, additionalFiles: chance(rng, 0.15) ? [pick(rng, files).draftFile] : [], notes: note }
  }

  const tl = new Timeline()
  tl.add(0, activity(o.cartId ? customerId : ctx.ownerId, o.cartId ? `Order placed: ${o.product.name}` : `Order created by an admin: ${o.product.name}`))
  const finished = state === 'completed' || state === 'marked_complete'
  // The due date: set early by an admin; past, soon, far or none for open orders.
  const due = dueDateFor(rng, story, finished, ageDays, o.end)
  if (due) tl.add(between(rng, 0.1, 6), (at) => ((story.dueDate = due), activity(ctx.ownerId, `Due date set to ${fmtDay(due)}`)(at)))
  if (story.testOrder) tl.add(between(rng, 0.1, 2), activity(ctx.ownerId, 'Marked as test order'))
  if (story.hideOrder) tl.add(between(rng, 0.1, 2), activity(ctx.ownerId, 'Order hidden'))
  if (story.priority !== 'medium') tl.add(between(rng, 0.2, 3), activity(ctx.ownerId, `Priority set to ${story.priority[0]!.toUpperCase()}${story.priority.slice(1)}`))
  if (chance(rng, 0.1)) {
    const tag = pick(rng, ctx.tags)
    story.tags.push(tag)
    if (chance(rng, 0.3))
      story.tags.push(
        pick(
          rng,
          ctx.tags.filter((t) => t !== tag),
        ),
      )
  }
  if (story.tags.length) tl.add(between(rng, 0.2, 2), activity(ctx.ownerId, `Tags set: ${story.tags.join(', ')}`))
  if (chance(rng, 0.1)) tl.add(between(rng, 0.5, 8), (at) => story.attachments.push({ fileId: pick(rng, files).id, at }))

  // Upload phase: the customer sends their documents for each service (new orders may still wait).
  for (const service of services) {
    if (service.serviceModules[0]?.id !== 'previous_document') continue
    if (state === 'new' && chance(rng, 0.5)) continue
    tl.add(between(rng, 2, 30), task(service, 'previous_document', customerId))
  }
  if (writer) {
    tl.add(between(rng, 1, 20), (at) => {
      story.writerId = writer.id
      story.assignedAt = at
      activity(ctx.ownerId, `Contributor ${writer.name} assigned`)(at)
    })
    if (reviewer) tl.add(between(rng, 0.1, 4), (at) => ((story.reviewerId = reviewer.id), activity(ctx.ownerId, `Reviewer ${reviewer.name} assigned`)(at)))
  }

  const pendingAllowed = state === 'drafted' && ctx.revisionsApproval
  const ordered = [focusIndex, ...services.map((_, i) => i).filter((i) => i !== focusIndex)]
  for (const si of ordered) {
    const service = services[si]!
    const steps = serviceSteps(service, rng, si === focusIndex && state === 'revision_open' ? 1 : 0)
    const cut = cutFor(steps, state, si === focusIndex, rng)
    let lastDraft: StoryDraft | null = null
    for (const [n, step] of steps.slice(0, cut).entries()) {
      const isLast = n === cut - 1
      if (step.kind === 'task') {
        tl.add(step.by === 'customer' ? between(rng, 4, 60) : between(rng, 2, 24), task(service, step.taskId, step.by === 'customer' ? customerId : (writer?.id ?? null)))
      } else if (step.kind === 'accept') {
        tl.add(between(rng, 6, 72), task(service, 'revision_process', customerId))
      } else if (step.kind === 'revision') {
        tl.add(between(rng, 6, 72), (at) => {
          story.customerLastRevisionAt = at
          activity(customerId, `Revision requested: ${service.serviceName}`)(at)
        })
      } else {
        // A withdrawn or rejected delivery sometimes comes first; then the draft the customer sees.
        const mishap = weighted(rng, { none: 94, withdrawn: 3, rejected: ctx.revisionsApproval ? 3 : 0 })
        if (mishap !== 'none') {
          tl.add(between(rng, 12, 72), (at) => {
            const draft = newDraft(service._id, writer?.id ?? null, draftData(pick(rng, NOTES)), at)
            if (mishap === 'withdrawn') {
              const by = chance(rng, 0.6) ? (writer?.id ?? ctx.ownerId) : ctx.ownerId
              const reason = pick(rng, WITHDRAW_REASONS)
              Object.assign(draft, { deletedBy: by, deletedReason: reason, deletedAt: new Date(at.getTime() + 3600_000), updatedAt: new Date(at.getTime() + 3600_000) })
              story.drafts.push(draft)
              activity(by, `Draft withdrawn: ${service.serviceName} (${reason})`)(new Date(at.getTime() + 3600_000))
            } else {
              const reason = pick(rng, REJECT_REASONS)
              Object.assign(draft, {
                approval: 'rejected',
                rejectionReason: reason,
                rejectionFiles: chance(rng, 0.5) ? [pick(rng, files).draftFile] : null,
                updatedAt: new Date(at.getTime() + 2 * 3600_000),
              })
              story.drafts.push(draft)
              activity(ctx.ownerId, `Draft rejected: ${service.serviceName} (${reason})`)(new Date(at.getTime() + 2 * 3600_000))
            }
          })
        }
        const first = !steps.slice(0, n).some((s) => s.kind === 'draft')
        const pending = pendingAllowed && isLast && chance(rng, 0.4)
        tl.add(between(rng, 12, 96), (at) => {
          const draft = newDraft(service._id, writer?.id ?? null, draftData(first ? NOTES[0]! : pick(rng, NOTES.slice(1))), at)
          draft.approval = ctx.revisionsApproval ? (pending ? 'pending' : 'approved') : null
          story.drafts.push(draft)
          lastDraft = draft
          activity(writer?.id ?? null, `Draft delivered: ${service.serviceName}`)(at)
          if (draft.approval === 'approved') activity(ctx.ownerId, `Draft approved: ${service.serviceName}`)(new Date(at.getTime() + 1800_000))
        })
      }
    }
    // Finished services are often rated by the customer.
    if (cut === steps.length && steps.length > 0 && (state === 'completed' || state === 'revision_accepted') && chance(rng, 0.6)) {
      tl.add(between(rng, 2, 48), (at) => {
        const rated = lastDraft
        if (!rated) return
        const draft = rated as StoryDraft
        draft.rating = Number(weighted(rng, { '5': 55, '4': 30, '3': 10, '2': 5 }))
        draft.review = chance(rng, 0.7) ? pick(rng, REVIEWS) : null
        draft.reviewedByUser = true
        draft.updatedAt = at
        activity(customerId, `Customer rated the draft of ${service.serviceName} ${draft.rating}/5`)(at)
      })
    }
  }

  if (state === 'marked_complete') {
    tl.add(between(rng, 4, 96), (at) => {
      story.markedAsComplete = true
      story.completedAt = at
      activity(ctx.ownerId, 'Order marked as completed')(at)
    })
  }
  if (finished && writer && chance(rng, 0.8)) {
    const cents = Math.round((priceCents * between(rng, 0.25, 0.4)) / 500) * 500
    tl.add(between(rng, 2, 72), (at) => ((story.amountPaidToWriterCents = cents), activity(ctx.ownerId, `Amount paid to contributor set to ${dollars(cents)}`)(at)))
  }
  // Old finished orders are often archived; now and then an abandoned one too.
  if ((finished && ageDays > 120 && chance(rng, 0.35)) || (!finished && ageDays > 150 && chance(rng, 0.3))) {
    tl.add(between(rng, 24, 240), (at) => ((story.archived = true), activity(ctx.ownerId, 'Order archived')(at)))
  }

  // Open orders leave the last hours free (new events keep arriving); finished ones had their time.
  tl.play(o.createdAt, new Date(o.end.getTime() - (finished ? 0 : 10 * 60_000)))

  story.tasks.sort((a, b) => a.at.getTime() - b.at.getTime())
  story.activity.sort((a, b) => a.at.getTime() - b.at.getTime())
  const latest = story.tasks[story.tasks.length - 1]
  story.lastTaskId = latest?.taskId ?? null
  story.lastTaskAt = latest?.at ?? null
  const byTasks = statusPercentage(
    services,
    story.tasks.map((x) => ({ serviceId: x.serviceId, taskId: x.taskId })),
  )
  story.statusPercentage = story.markedAsComplete ? 100 : byTasks
  if (!story.markedAsComplete && byTasks >= 100) story.completedAt = latest!.at
  return story
}

function newDraft(serviceId: string, writerId: number | null, data: DraftData, at: Date): StoryDraft {
  return {
    serviceId,
    writerId,
    data,
    approval: null,
    rejectionReason: null,
    rejectionFiles: null,
    rating: null,
    review: null,
    reviewedByUser: false,
    deletedBy: null,
    deletedReason: null,
    deletedAt: null,
    createdAt: at,
    updatedAt: at,
  }
}

function dueDateFor(rng: Rng, story: OrderStory, finished: boolean, ageDays: number, end: Date): Date | null {
  const atNoon = (d: number) => new Date(Math.floor(d / DAY) * DAY + 12 * HOUR)
  const created = story.createdAt.getTime()
  if (finished || story.state === 'revision_accepted') {
    return chance(rng, 0.3) ? null : atNoon(created + between(rng, 5, 21) * DAY)
  }
  let kind = weighted(rng, { past: 22, soon: 22, far: 34, none: 22 })
  if (kind === 'past' && ageDays < 3) kind = 'soon'
  if (kind === 'none') return null
  const today = end.getTime()
  if (kind === 'past') return atNoon(today - between(rng, 1, Math.min(ageDays - 1, 30)) * DAY)
  if (kind === 'soon') return atNoon(today + Math.floor(between(rng, 0, 3)) * DAY)
  return atNoon(today + between(rng, 3, 40) * DAY)
}

/** The cart's invoice: checkout orders were paid through the provider (a few refunded later); admin-made ones are paid outside it or open. */
function invoiceFor(rng: Rng, cart: Cart, orders: OrderStory[], end: Date): InvoiceStory[] {
  const mine = cart.orderIndexes.map((i) => orders[i]!)
  const isTest = mine.some((o) => o.testOrder)
  if (!isTest && !cart.cartId && chance(rng, 0.25)) return [] // created without an invoice
  const priceCents = mine.reduce((sum, o) => sum + o.priceCents, 0)
  const ageDays = (end.getTime() - cart.createdAt.getTime()) / DAY
  const status: 'unpaid' | 'paid' | 'refunded' = cart.cartId ? (ageDays > 14 && chance(rng, 0.08) ? 'refunded' : 'paid') : chance(rng, 0.5) ? 'paid' : 'unpaid'
  const viaProvider = !!cart.cartId
  const paidAt = status === 'unpaid' ? null : new Date(cart.createdAt.getTime() + (viaProvider ? 1000 : between(rng, 1, 72) * HOUR))
  const refundAmountCents = status === 'refunded' ? (chance(rng, 0.6) ? priceCents : Math.max(100, Math.round((priceCents * between(rng, 0.2, 0.8)) / 100) * 100)) : null
  return [
    {
      index: cart.index,
      customerId: cart.customer.id,
      type: mine.length > 1 ? 'multiOrders' : 'single',
      status,
      priceCents,
      providerPaidCents: viaProvider && status !== 'unpaid' ? priceCents : 0,
      // Placeholders no provider ever saw (ADR 46): refunding one is recorded only, never sent to Stripe.
      providerPaymentId: viaProvider ? `pi_seed_${cart.index}_${Math.floor(rng() * 1e9).toString(36)}` : null,
      refundAmountCents,
      providerRefundId: status === 'refunded' ? `re_seed_${cart.index}_${Math.floor(rng() * 1e9).toString(36)}` : null,
      isTest,
      paidAt: paidAt && paidAt > end ? end : paidAt,
      refundedAt: status === 'refunded' ? new Date(Math.min(end.getTime(), cart.createdAt.getTime() + between(rng, 3, 14) * DAY)) : null,
      createdAt: cart.createdAt,
      items: mine.map((o) => ({ orderIndex: o.index, packageName: o.packageName, priceCents: o.priceCents })),
    },
  ]
}
