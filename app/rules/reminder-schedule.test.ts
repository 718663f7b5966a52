import { describe, expect, it } from 'vitest'
import { actionableAt, DAY_MS, dueReminders, orderTakesReminders, reminderKey, type LiveReminder, type ScheduleOrder } from './reminder-schedule'

const T0 = new Date('2026-03-01T09:00:00Z')
const at = (days: number, hours = 0) => new Date(T0.getTime() + days * DAY_MS + hours * 3600_000)

const order = (over: Partial<ScheduleOrder> = {}): ScheduleOrder => ({
  createdAt: T0,
  assignedAt: null,
  customerId: 10,
  writerId: null,
  services: [
    {
      _id: 'svc',
      serviceModules: [
        { id: 'previous_document', title: 'Upload Documents' },
        { id: 'revision_process', title: 'Revision Process' },
        { id: 'final_document', title: 'Final Document' },
      ],
    },
  ],
  ...over,
})

const reminders: Record<string, LiveReminder[]> = {
  previous_document: [
    { id: 'u1', numberOfDays: 1 },
    { id: 'u3', numberOfDays: 3 },
  ],
  revision_process: [{ id: 'r2', numberOfDays: 2 }],
  final_document: [{ id: 'f1', numberOfDays: 1 }],
}
const live =
  (map = reminders) =>
  (_serviceId: string, moduleId: string) =>
    map[moduleId]
const none = new Set<string>()
const short = (list: ReturnType<typeof dueReminders>) => list.map((d) => `${d.moduleId}/${d.reminderId}:${d.state}:${d.recipient}`)

describe('actionableAt', () => {
  it('is the order time for the first module, the previous module’s completion for the rest', () => {
    const o = order()
    expect(actionableAt(o, 'svc', 0, [])).toEqual(T0)
    expect(actionableAt(o, 'svc', 1, [])).toBeNull()
    expect(actionableAt(o, 'svc', 1, [{ serviceId: 'svc', taskId: 'previous_document', at: at(2) }])).toEqual(at(2))
    // A task of another service, or a step that is not the module's completion, does not count.
    expect(actionableAt(o, 'svc', 1, [{ serviceId: 'other', taskId: 'previous_document', at: at(2) }])).toBeNull()
    expect(actionableAt(o, 'svc', 2, [{ serviceId: 'svc', taskId: 'additional_questionnaire_submitted', at: at(2) }])).toBeNull()
  })
})

describe('dueReminders', () => {
  it.each([
    ['just before the first day', at(0, 23), []],
    ['on day 1', at(1), ['previous_document/u1:send:customer']],
    ['on day 2', at(2), ['previous_document/u1:send:customer']],
  ])('counts days from the moment the module became actionable: %s', (_what, now, expected) => {
    expect(short(dueReminders(order(), [], live(), none, now))).toEqual(expected)
  })

  it('sends the next reminder once the earlier one is in the ledger', () => {
    expect(short(dueReminders(order(), [], live(), new Set([reminderKey('svc', 'previous_document', 'u1')]), at(3)))).toEqual(['previous_document/u3:send:customer'])
  })

  it('sends only the latest of several due reminders of a module; the earlier are superseded', () => {
    expect(short(dueReminders(order(), [], live(), none, at(5)))).toEqual(['previous_document/u1:superseded:customer', 'previous_document/u3:send:customer'])
  })

  it('supersedes a reminder added for a day before one that already went', () => {
    const added = { ...reminders, previous_document: [{ id: 'u2', numberOfDays: 2 }, ...reminders.previous_document!] }
    const handled = new Set([reminderKey('svc', 'previous_document', 'u1'), reminderKey('svc', 'previous_document', 'u3')])
    expect(short(dueReminders(order(), [], live(added), handled, at(6)))).toEqual(['previous_document/u2:superseded:customer'])
  })

  it('uses the reminders as the workflow holds them now (a changed day count applies to what is not sent)', () => {
    const moved = { ...reminders, previous_document: [{ id: 'u1', numberOfDays: 4 }] }
    expect(dueReminders(order(), [], live(moved), none, at(3))).toEqual([])
    expect(short(dueReminders(order(), [], live(moved), none, at(4)))).toEqual(['previous_document/u1:send:customer'])
  })

  it('sends nothing for a completed module, and starts the next module from its completion', () => {
    const tasks = [{ serviceId: 'svc', taskId: 'previous_document', at: at(1) }]
    // The revision module waits on a contributor: none assigned, no reminder.
    expect(dueReminders(order(), tasks, live(), none, at(10))).toEqual([])
    const assigned = order({ writerId: 77, assignedAt: at(0) })
    expect(short(dueReminders(assigned, tasks, live(), none, at(2, 23)))).toEqual([])
    const due = dueReminders(assigned, tasks, live(), none, at(3))
    expect(short(due)).toEqual(['revision_process/r2:send:writer'])
    expect(due[0]).toMatchObject({ recipientUserId: 77, dueAt: at(3), days: 2, moduleTitle: 'Revision Process' })
  })

  it("counts a contributor's module from the assignment when that came later", () => {
    const tasks = [{ serviceId: 'svc', taskId: 'previous_document', at: at(1) }]
    const late = order({ writerId: 77, assignedAt: at(5) })
    expect(dueReminders(late, tasks, live(), none, at(6, 23))).toEqual([])
    expect(short(dueReminders(late, tasks, live(), none, at(7)))).toEqual(['revision_process/r2:send:writer'])
  })

  it('never reminds for a module that takes no reminders (final document), even when the workflow holds one', () => {
    const tasks = [
      { serviceId: 'svc', taskId: 'previous_document', at: at(1) },
      { serviceId: 'svc', taskId: 'revision_process', at: at(2) },
    ]
    expect(dueReminders(order({ writerId: 77, assignedAt: at(0) }), tasks, live(), none, at(20))).toEqual([])
  })

  it('skips modules whose workflow is gone or holds no reminders', () => {
    expect(dueReminders(order(), [], () => undefined, none, at(20))).toEqual([])
    expect(dueReminders(order(), [], () => [], none, at(20))).toEqual([])
  })

  it('keeps the services of one order apart', () => {
    const two = order({
      services: [
        { _id: 'a', serviceModules: [{ id: 'previous_document', title: 'Upload' }] },
        { _id: 'b', serviceModules: [{ id: 'previous_document', title: 'Upload' }] },
      ],
    })
    const due = dueReminders(two, [{ serviceId: 'a', taskId: 'previous_document', at: at(0, 1) }], live(), none, at(1))
    expect(due.map((d) => `${d.serviceId}/${d.reminderId}`)).toEqual(['b/u1'])
  })
})

describe('orderTakesReminders', () => {
  const open = { archived: false, testOrder: false, markedAsComplete: false, completedAt: null }
  it.each([
    ['an open order', open, true],
    ['an archived order', { ...open, archived: true }, false],
    ['a test order', { ...open, testOrder: true }, false],
    ['an order marked as complete', { ...open, markedAsComplete: true }, false],
    ['an order completed by its progress', { ...open, completedAt: T0 }, false],
  ])('%s: %s', (_what, flags, expected) => {
    expect(orderTakesReminders(flags)).toBe(expected)
  })
})

// Edges mutation testing found untested (ADR 0103).
describe('the schedule at its edges', () => {
  const two = order({
    services: [
      { _id: 'a', serviceModules: [{ id: 'previous_document', title: 'Upload' }] },
      {
        _id: 'b',
        serviceModules: [
          { id: 'previous_document', title: 'Upload' },
          { id: 'revision_process', title: 'Revision' },
        ],
      },
    ],
  })
  it('reads the module before in the service asked for, and nothing for an unknown one', () => {
    const tasks = [{ serviceId: 'b', taskId: 'previous_document', at: at(2) }]
    expect(actionableAt(two, 'b', 1, tasks)).toEqual(at(2))
    expect(actionableAt(two, 'a', 1, tasks)).toBeNull()
    expect(actionableAt(two, 'nope', 1, tasks)).toBeNull()
  })
  it('sends nothing for a module without reminders or not actionable yet', () => {
    expect(dueReminders(order(), [], () => undefined, none, at(30))).toEqual([])
    expect(dueReminders(order(), [], () => [], none, at(30))).toEqual([])
    expect(short(dueReminders(order(), [], live({ revision_process: [{ id: 'r2', numberOfDays: 2 }] }), none, at(30)))).toEqual([])
  })
  it('sends the latest due reminder of a module, whatever order they were listed in', () => {
    const list = short(
      dueReminders(
        order(),
        [],
        live({
          previous_document: [
            { id: 'u3', numberOfDays: 3 },
            { id: 'u1', numberOfDays: 1 },
          ],
        }),
        none,
        at(5),
      ),
    )
    expect(list).toEqual(['previous_document/u1:superseded:customer', 'previous_document/u3:send:customer'])
  })
})
