// When a workflow reminder is due (ADR 0045): a module becomes actionable when the one before it in
// its workflow is completed (the first one when the order is placed; a contributor's module not
// before a contributor is assigned), and each of its reminders falls due numberOfDays later.
// Pure: the reminder pass and the e-mail job's last check before sending both ask this.
import { reminderType } from './reminders'

export const DAY_MS = 24 * 60 * 60 * 1000

export type ScheduleOrder = {
  createdAt: Date
  assignedAt: Date | null
  customerId: number
  writerId: number | null
  services: readonly { _id: string; serviceModules: readonly { id: string; title: string }[] }[]
}

export type CompletedTask = { serviceId: string; taskId: string; at: Date }

export type LiveReminder = { id: string; numberOfDays: number }

/** The reminders a workflow holds now for one of its modules (undefined: the workflow or module is gone). */
export type RemindersOf = (serviceId: string, moduleId: string) => readonly LiveReminder[] | undefined

export type DueReminder = {
  serviceId: string
  moduleId: string
  moduleTitle: string
  reminderId: string
  days: number
  dueAt: Date
  recipient: 'customer' | 'writer'
  recipientUserId: number
  /** send: the one to e-mail now; superseded: due too, but a later reminder of the module goes (or went) instead. */
  state: 'send' | 'superseded'
}

export function reminderKey(serviceId: string, moduleId: string, reminderId: string): string {
  return `${serviceId}\u0000${moduleId}\u0000${reminderId}`
}

/**
 * When the module at `moduleIndex` of a service became actionable, or null while it is not (the
 * module before it is not completed). Completion is the task named after the module itself.
 */
export function actionableAt(order: Pick<ScheduleOrder, 'createdAt' | 'services'>, serviceId: string, moduleIndex: number, tasks: readonly CompletedTask[]): Date | null {
  if (moduleIndex === 0) return order.createdAt
  const service = order.services.find((s) => s._id === serviceId)
  const previous = service?.serviceModules[moduleIndex - 1]
  if (!previous) return null
  const done = tasks.find((t) => t.serviceId === serviceId && t.taskId === previous.id)
  return done ? done.at : null
}

/**
 * The reminders of one order that are due at `now` and not yet handled (`handled` holds the
 * reminderKey of every reminder the ledger already has). Per module at most one is to be sent: the
 * latest due; earlier due ones are superseded, so an outage or a newly added reminder never sends a
 * burst, and nothing goes out once a later reminder of the module already went.
 */
export function dueReminders(order: ScheduleOrder, tasks: readonly CompletedTask[], remindersOf: RemindersOf, handled: ReadonlySet<string>, now: Date): DueReminder[] {
  const out: DueReminder[] = []
  for (const service of order.services) {
    service.serviceModules.forEach((module, index) => {
      const reminders = remindersOf(service._id, module.id)
      if (!reminders || reminders.length === 0) return
      if (tasks.some((t) => t.serviceId === service._id && t.taskId === module.id)) return
      const type = reminderType(module.id)
      if (type === 'noReminderRequired') return
      let from = actionableAt(order, service._id, index, tasks)
      if (!from) return
      let recipientUserId = order.customerId
      if (type === 'dependOnWriter') {
        if (order.writerId === null || !order.assignedAt) return
        recipientUserId = order.writerId
        if (order.assignedAt > from) from = order.assignedAt
      }
      const start = from.getTime()
      const due = reminders
        .map((r) => ({ r, dueAt: new Date(start + r.numberOfDays * DAY_MS) }))
        .filter((d) => d.dueAt.getTime() <= now.getTime())
        .sort((a, b) => a.r.numberOfDays - b.r.numberOfDays)
      const open = due.filter((d) => !handled.has(reminderKey(service._id, module.id, d.r.id)))
      if (open.length === 0) return
      const latest = open[open.length - 1]!
      const laterAlreadyHandled = due.some((d) => d.r.numberOfDays > latest.r.numberOfDays && handled.has(reminderKey(service._id, module.id, d.r.id)))
      for (const d of open) {
        out.push({
          serviceId: service._id,
          moduleId: module.id,
          moduleTitle: module.title,
          reminderId: d.r.id,
          days: d.r.numberOfDays,
          dueAt: d.dueAt,
          recipient: type === 'dependOnWriter' ? 'writer' : 'customer',
          recipientUserId,
          state: d === latest && !laterAlreadyHandled ? 'send' : 'superseded',
        })
      }
    })
  }
  return out
}

export type OrderFlags = { archived: boolean; testOrder: boolean; markedAsComplete: boolean; completedAt: Date | null }

/** Orders that get no reminders at all: completed (marked or by progress), archived or test orders. */
export function orderTakesReminders(o: OrderFlags): boolean {
  return !o.archived && !o.testOrder && !o.markedAsComplete && o.completedAt === null
}
