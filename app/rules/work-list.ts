// My work (issue 26, ADR 0066): a contributor's filters, urgency order, next tasks, open-pool eligibility and board moves.
import { orderTimeline, type TimelineModule, type WaitingOn } from './order-timeline'
import { ORDER_PRIORITIES, type OrderPriority } from './order-priority'
import { projectStatus } from './project-status'
import type { ContributorRole } from './contributor'

export const WORK_FILTERS = ['open', 'due-soon', 'waiting-on-me', 'waiting-on-customer', 'done'] as const
export type WorkFilter = (typeof WORK_FILTERS)[number]

export const WORK_FILTER_LABELS: Record<WorkFilter, string> = {
  open: 'All open',
  'due-soon': 'Due soon',
  'waiting-on-me': 'Waiting on me',
  'waiting-on-customer': 'Waiting on the customer',
  done: 'Done',
}

/** What each filter's empty list tells the contributor to do. */
export const WORK_EMPTY_TEXT: Record<WorkFilter, string> = {
  open: 'No open orders are assigned to you. New assignments appear here; your team assigns them from the orders list.',
  'due-soon': 'Nothing is due in the next two days. Check "All open" for what comes next.',
  'waiting-on-me': 'Nothing waits on you right now. Orders move here when their next task is yours.',
  'waiting-on-customer': 'No order waits on a customer. Orders move here while a customer uploads documents or answers questions.',
  done: 'No finished orders yet. An order shows here once all its tasks are done.',
}

/** Whom a contributor's order waits on, from the contributor's side (the timeline's "you" is the customer). */
export type WorkWaitsOn = 'me' | 'customer' | 'writer' | 'nobody'

export const WORK_WAITS_TEXT: Record<WorkWaitsOn, string> = {
  me: 'Waiting on you',
  customer: 'Waiting on the customer',
  writer: 'Waiting on the writer',
  nobody: 'Nothing waiting',
}

export type WorkFacts = {
  role: ContributorRole
  statusPercentage: number
  markedAsComplete: boolean
  dueDate: Date | string | null
  /** The timeline's party of the order's next module. */
  waitsOn: WaitingOn
  /** A draft of the order waits for approval (what a reviewer works on). */
  pendingReview: boolean
}

export const isDoneWork = (f: Pick<WorkFacts, 'statusPercentage' | 'markedAsComplete'>) => f.markedAsComplete || f.statusPercentage >= 100

/** A writer works when the next module is the team's; a reviewer when a draft waits for their review. */
export function workWaitsOn(f: WorkFacts): WorkWaitsOn {
  if (isDoneWork(f)) return 'nobody'
  if (f.role === 'reviewer') {
    if (f.pendingReview) return 'me'
    return f.waitsOn === 'you' ? 'customer' : f.waitsOn === 'team' ? 'writer' : 'nobody'
  }
  return f.waitsOn === 'you' ? 'customer' : f.waitsOn === 'team' ? 'me' : 'nobody'
}

/** Due soon takes the project status's window (0 to 2 days) and the overdue ones, the most urgent of all. */
export function matchesWorkFilter(f: WorkFacts, filter: WorkFilter, now = new Date()): boolean {
  const done = isDoneWork(f)
  switch (filter) {
    case 'open':
      return !done
    case 'done':
      return done
    case 'due-soon': {
      const status = projectStatus({ statusPercentage: f.markedAsComplete ? 100 : f.statusPercentage, dueDate: f.dueDate }, now)
      return status === 'Due soon' || status === 'Past due'
    }
    case 'waiting-on-me':
      return workWaitsOn(f) === 'me'
    case 'waiting-on-customer':
      return workWaitsOn(f) === 'customer'
  }
}

export function isWorkFilter(value: unknown): value is WorkFilter {
  return (WORK_FILTERS as readonly unknown[]).includes(value)
}

type Urgency = { dueDate: Date | string | null; priority: OrderPriority; createdAt: Date | string; id: number }

const time = (d: Date | string) => new Date(d).getTime()

/** Most urgent first: the earliest due date (none last), then the higher priority, then the newest order. */
export function compareUrgency(a: Urgency, b: Urgency): number {
  if (a.dueDate && b.dueDate && time(a.dueDate) !== time(b.dueDate)) return time(a.dueDate) - time(b.dueDate)
  if (!!a.dueDate !== !!b.dueDate) return a.dueDate ? -1 : 1
  const rank = ORDER_PRIORITIES.indexOf(a.priority) - ORDER_PRIORITIES.indexOf(b.priority)
  if (rank !== 0) return rank
  return time(b.createdAt) - time(a.createdAt) || b.id - a.id
}

export type NextTask = { serviceId: string; serviceName: string; taskId: string; title: string; waitsOn: 'customer' | 'team' }

type Services = readonly { _id: string; serviceName: string; serviceModules: readonly { id: string; title: string }[] }[]
type Completed = readonly { serviceId: string; taskId: string }[]

const toNext = (m: TimelineModule, services: Services): NextTask => ({
  serviceId: m.serviceId,
  serviceName: services.find((s) => s._id === m.serviceId)?.serviceName ?? '',
  taskId: m.id,
  title: m.title,
  waitsOn: m.waitsOn === 'you' ? 'customer' : 'team',
})

/** The next task of each service (module by module, as the order's snapshot lists them); none once a service is done. */
export function nextTasksPerService(services: Services, completed: Completed, markedComplete = false): NextTask[] {
  return services.flatMap((s) => {
    const next = orderTimeline([s], completed, markedComplete).find((m) => m.state === 'next')
    return next ? [toNext(next, services)] : []
  })
}

/** The order's next task overall (the timeline's "next"): the one My work's JSON and board use. */
export function nextTaskOf(services: Services, completed: Completed, markedComplete = false): NextTask | null {
  const next = orderTimeline(services, completed, markedComplete).find((m) => m.state === 'next')
  return next ? toNext(next, services) : null
}

// ---------------------------------------------------------------------------------------------
// The open pool

const norm = (s: string) => s.trim().toLowerCase()

/**
 * A writer may take an order of the pool when they listed no services on their profile (they take any),
 * or one of their services names a workflow of the order: its name, or its type ("Resume" takes resume
 * workflows, "Cover Letter" cover, "LinkedIn Profile" linkedin; a custom workflow matches by name only).
 */
export function mayTakeOrder(writerServices: readonly string[], orderServices: readonly { serviceName: string; serviceType: string }[]): boolean {
  const mine = writerServices.map(norm).filter(Boolean)
  if (mine.length === 0) return true
  return orderServices.some((s) => {
    const name = norm(s.serviceName)
    const type = norm(s.serviceType)
    // A text starts with itself, so startsWith covers the exact name and type too.
    return mine.some((w) => name.startsWith(w) || (type !== 'custom' && w.startsWith(type)))
  })
}

export const POOL_OFF = 'The open pool is not enabled in this organisation.'
export const POOL_WRITERS_ONLY = 'Only writers can claim orders from the open pool.'
export const POOL_ALREADY_CLAIMED = 'Another writer claimed this order first. Pick another one from the open pool.'
export const POOL_NOT_FOR_YOU = 'This order is not open to you: its services are not among yours.'
export const POOL_CLAIMED = 'The order is yours. It is now in My work.'

// ---------------------------------------------------------------------------------------------
// The board: columns by next task

export const DONE_COLUMN = 'done'

export const BOARD_OFF = 'Boards are not enabled in this organisation.'
export const BOARD_WRITER_ONLY = 'Only the writer of this order can move its card.'
export const BOARD_ALREADY_DONE = 'This order is done; its card stays in Done.'
export const BOARD_SAME_COLUMN = 'The card is already in this column.'
export const BOARD_CUSTOMER_TASK = 'This task waits on the customer; the card moves when they finish it.'
export const boardOneStep = (title: string, target: string) => `A card moves one column to the right: finish "${title}" to move it to ${target}.`

export type BoardColumn = { key: string; title: string }

/** The columns of a set of cards: every module of their workflows (by module id), ordered by its latest place in a workflow, then Done. */
export function boardColumns(cards: readonly { services: Services }[]): BoardColumn[] {
  const seen = new Map<string, { title: string; position: number }>()
  for (const card of cards)
    for (const service of card.services)
      service.serviceModules.forEach((m, position) => {
        const known = seen.get(m.id)
        // A module late in any workflow (a final document) stays late on the board.
        if (!known || position > known.position) seen.set(m.id, { title: known?.title ?? m.title, position })
      })
  const columns = [...seen.entries()].sort((a, b) => a[1].position - b[1].position || a[1].title.localeCompare(b[1].title)).map(([key, v]) => ({ key, title: v.title }))
  return [...columns, { key: DONE_COLUMN, title: 'Done' }]
}

export const boardColumnOf = (nextTask: NextTask | null) => nextTask?.taskId ?? DONE_COLUMN

export type BoardMoveResult = { ok: true; complete: { serviceId: string; taskId: string; title: string } } | { ok: false; error: string }

/**
 * Moving a card means finishing its next task: the only move is one column to the right, to the column of
 * the task that comes next (Done after the last), by the order's writer, and never over a customer's task.
 */
export function boardMove(card: { role: ContributorRole; services: Services; completed: Completed; markedComplete: boolean }, to: string): BoardMoveResult {
  const timeline = orderTimeline(card.services, card.completed, card.markedComplete)
  const at = timeline.findIndex((m) => m.state === 'next')
  if (at < 0) return { ok: false, error: BOARD_ALREADY_DONE }
  const current = timeline[at]!
  if (to === current.id) return { ok: false, error: BOARD_SAME_COLUMN }
  if (card.role !== 'writer') return { ok: false, error: BOARD_WRITER_ONLY }
  if (current.waitsOn === 'you') return { ok: false, error: BOARD_CUSTOMER_TASK }
  const following = timeline.slice(at + 1).find((m) => m.state !== 'done')
  const target = following?.id ?? DONE_COLUMN
  if (to !== target) return { ok: false, error: boardOneStep(current.title, following ? following.title : 'Done') }
  return { ok: true, complete: { serviceId: current.serviceId, taskId: current.id, title: current.title } }
}
