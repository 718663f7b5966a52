import { describe, expect, it } from 'vitest'
import {
  BOARD_OFF,
  POOL_ALREADY_CLAIMED,
  POOL_CLAIMED,
  POOL_NOT_FOR_YOU,
  POOL_OFF,
  POOL_WRITERS_ONLY,
  WORK_EMPTY_TEXT,
  WORK_FILTER_LABELS,
  WORK_FILTERS,
  WORK_WAITS_TEXT,
  BOARD_ALREADY_DONE,
  BOARD_CUSTOMER_TASK,
  BOARD_SAME_COLUMN,
  BOARD_WRITER_ONLY,
  boardColumns,
  boardMove,
  boardColumnOf,
  boardOneStep,
  compareUrgency,
  DONE_COLUMN,
  isWorkFilter,
  matchesWorkFilter,
  mayTakeOrder,
  nextTaskOf,
  nextTasksPerService,
  workWaitsOn,
  type WorkFacts,
  type WorkFilter,
} from './work-list'

const now = new Date('2026-06-10T12:00:00Z')
const base: WorkFacts = { role: 'writer', statusPercentage: 30, markedAsComplete: false, dueDate: '2026-06-20T00:00:00Z', waitsOn: 'team', pendingReview: false }
const f = (patch: Partial<WorkFacts>): WorkFacts => ({ ...base, ...patch })

describe('matchesWorkFilter', () => {
  it.each<[string, WorkFacts, WorkFilter, boolean]>([
    ['open order is open', base, 'open', true],
    ['done order is not open', f({ statusPercentage: 100 }), 'open', false],
    ['marked complete is done', f({ markedAsComplete: true }), 'done', true],
    ['open order is not done', base, 'done', false],
    ['due in 2 days is due soon', f({ dueDate: '2026-06-12T00:00:00Z' }), 'due-soon', true],
    ['due today is due soon', f({ dueDate: '2026-06-10T00:00:00Z' }), 'due-soon', true],
    ['overdue is due soon', f({ dueDate: '2026-06-01T00:00:00Z' }), 'due-soon', true],
    ['due in 3 days is not due soon', f({ dueDate: '2026-06-13T00:00:00Z' }), 'due-soon', false],
    ['no due date is not due soon', f({ dueDate: null }), 'due-soon', false],
    ['overdue but done is not due soon', f({ dueDate: '2026-06-01T00:00:00Z', markedAsComplete: true }), 'due-soon', false],
    ["writer: team's task waits on me", base, 'waiting-on-me', true],
    ["writer: customer's task does not", f({ waitsOn: 'you' }), 'waiting-on-me', false],
    ["writer: customer's task waits on the customer", f({ waitsOn: 'you' }), 'waiting-on-customer', true],
    ['reviewer: pending draft waits on me', f({ role: 'reviewer', pendingReview: true }), 'waiting-on-me', true],
    ["reviewer: team's task without a draft does not", f({ role: 'reviewer' }), 'waiting-on-me', false],
    ['reviewer: customer task waits on the customer', f({ role: 'reviewer', waitsOn: 'you' }), 'waiting-on-customer', true],
    ['done order waits on nobody', f({ statusPercentage: 100, waitsOn: 'team' }), 'waiting-on-me', false],
    ['nothing left waits on nobody', f({ waitsOn: 'nobody' }), 'waiting-on-customer', false],
  ])('%s', (_name, facts, filter, expected) => {
    expect(matchesWorkFilter(facts, filter, now)).toBe(expected)
  })
})

describe('workWaitsOn', () => {
  it.each<[Partial<WorkFacts>, string]>([
    [{}, 'me'],
    [{ waitsOn: 'you' }, 'customer'],
    [{ role: 'reviewer' }, 'writer'],
    [{ role: 'reviewer', pendingReview: true }, 'me'],
    [{ waitsOn: 'nobody' }, 'nobody'],
    [{ markedAsComplete: true }, 'nobody'],
  ])('%j → %s', (patch, expected) => expect(workWaitsOn(f(patch))).toBe(expected))
})

describe('compareUrgency', () => {
  const o = (id: number, dueDate: string | null, priority: 'urgent' | 'high' | 'medium' | 'low', createdAt = '2026-01-01') => ({ id, dueDate, priority, createdAt })
  it('sorts the earliest due first, no due date last, then priority, then newest', () => {
    const list = [
      o(1, null, 'urgent'),
      o(2, '2026-06-12', 'low'),
      o(3, '2026-06-11', 'low'),
      o(4, '2026-06-12', 'urgent'),
      o(5, null, 'low', '2026-02-01'),
      o(6, null, 'low', '2026-03-01'),
    ]
    expect([...list].sort(compareUrgency).map((x) => x.id)).toEqual([3, 4, 2, 1, 6, 5])
  })
  it('breaks a tie of everything else by the higher id', () => {
    expect([o(1, null, 'low'), o(2, null, 'low')].sort(compareUrgency).map((x) => x.id)).toEqual([2, 1])
  })
})

describe('workWaitsOn for a reviewer', () => {
  it.each<[Partial<WorkFacts>, string]>([
    [{ pendingReview: true }, 'me'],
    [{ waitsOn: 'you' }, 'customer'],
    [{ waitsOn: 'team' }, 'writer'],
    [{ waitsOn: 'nobody' }, 'nobody'],
    [{ waitsOn: 'team', statusPercentage: 100, pendingReview: true }, 'nobody'],
  ])('%j waits on %s', (patch, expected) => expect(workWaitsOn(f({ role: 'reviewer', ...patch }))).toBe(expected))
  it('a writer waits on nobody when no one is next', () => expect(workWaitsOn(f({ waitsOn: 'nobody' }))).toBe('nobody'))
})

const services = [
  {
    _id: 's1',
    serviceName: 'Resume',
    serviceModules: [
      { id: 'previous_document', title: 'Upload Documents' },
      { id: 'revision_process', title: 'Revision Process' },
      { id: 'final_document', title: 'Final Document' },
    ],
  },
  { _id: 's2', serviceName: 'Cover', serviceModules: [{ id: 'final_document', title: 'Final Cover' }] },
]
const done = (serviceId: string, taskId: string) => ({ serviceId, taskId })

describe('next tasks', () => {
  it('gives the next task of each service and the order overall', () => {
    const completed = [done('s1', 'previous_document')]
    expect(nextTasksPerService(services, completed).map((t) => [t.serviceId, t.taskId, t.waitsOn])).toEqual([
      ['s1', 'revision_process', 'team'],
      ['s2', 'final_document', 'team'],
    ])
    expect(nextTaskOf(services, [])?.taskId).toBe('previous_document')
    expect(nextTaskOf(services, [])?.waitsOn).toBe('customer')
    expect(nextTaskOf(services, [], true)).toBeNull()
    // Each task carries its own service's name.
    expect(nextTaskOf(services, [done('s1', 'previous_document'), done('s1', 'revision_process'), done('s1', 'final_document')])).toMatchObject({
      serviceId: 's2',
      serviceName: 'Cover',
    })
    expect(nextTasksPerService(services, []).map((t) => t.serviceName)).toEqual(['Resume', 'Cover'])
  })
})

describe('mayTakeOrder', () => {
  it.each<[string[], { serviceName: string; serviceType: string }[], boolean]>([
    [[], [{ serviceName: 'Anything', serviceType: 'custom' }], true],
    [['Resume'], [{ serviceName: 'Executive CV', serviceType: 'resume' }], true],
    [['Cover Letter'], [{ serviceName: 'Letter', serviceType: 'cover' }], true],
    [['LinkedIn Profile'], [{ serviceName: 'Profile', serviceType: 'linkedin' }], true],
    [['Resume'], [{ serviceName: 'Cover', serviceType: 'cover' }], false],
    [['Coaching'], [{ serviceName: 'Coaching call', serviceType: 'custom' }], true],
    [['Custom'], [{ serviceName: 'Coaching call', serviceType: 'custom' }], false],
    [['  ', ''], [{ serviceName: 'Cover', serviceType: 'cover' }], true],
    // Mutation testing's edges (ADR 0103): blank names are no list, one matching service or listed name is enough,
    // and a name prefix counts even for a custom workflow.
    [['  '], [], true],
    [['Resume'], [], false],
    [
      ['Resume'],
      [
        { serviceName: 'Coaching', serviceType: 'custom' },
        { serviceName: 'Resume Plus', serviceType: 'custom' },
      ],
      true,
    ],
    [['Go', 'Resume'], [{ serviceName: 'Resume', serviceType: 'resume' }], true],
    [['coach'], [{ serviceName: 'Coaching call', serviceType: 'custom' }], true],
    [['Coaching call extra'], [{ serviceName: 'Coaching call', serviceType: 'custom' }], false],
  ])('%j takes %j: %s', (mine, order, expected) => expect(mayTakeOrder(mine, order)).toBe(expected))
})

describe('board', () => {
  it('has a column per module of the cards’ workflows in workflow order, then Done', () => {
    const other = [{ _id: 's3', serviceName: 'Call', serviceModules: [{ id: 'schedule_appointment', title: 'Call' }] }]
    expect(boardColumns([{ services }, { services: other }]).map((c) => c.key)).toEqual([
      'schedule_appointment',
      'previous_document',
      'revision_process',
      'final_document',
      DONE_COLUMN,
    ])
    expect(boardColumns([])).toEqual([{ key: DONE_COLUMN, title: 'Done' }])
  })

  it('places a module at its latest place in any workflow', () => {
    const early = [
      {
        _id: 'a',
        serviceName: 'A',
        serviceModules: [
          { id: 'm', title: 'M' },
          { id: 'x', title: 'X' },
        ],
      },
    ]
    const late = [
      {
        _id: 'b',
        serviceName: 'B',
        serviceModules: [
          { id: 'y', title: 'Y' },
          { id: 'z', title: 'Z' },
          { id: 'm', title: 'M again' },
        ],
      },
    ]
    expect(boardColumns([{ services: early }, { services: late }]).map((c) => c.key)).toEqual(['y', 'x', 'z', 'm', DONE_COLUMN])
    expect(boardColumns([{ services: early }, { services: late }]).find((c) => c.key === 'm')?.title).toBe('M')
  })

  it('moves to the next task not done yet, past one already done', () => {
    const c = card({ completed: [done('s1', 'previous_document'), done('s1', 'final_document')] })
    // Resume's Final Document is done already, so the step after Revision Process is the Cover's final document.
    expect(boardMove(c, DONE_COLUMN)).toEqual({ ok: false, error: boardOneStep('Revision Process', 'Final Cover') })
  })

  const card = (patch: Partial<Parameters<typeof boardMove>[0]> = {}) => ({
    role: 'writer' as const,
    services,
    completed: [done('s1', 'previous_document')],
    markedComplete: false,
    ...patch,
  })
  it.each<[string, ReturnType<typeof card>, string, { ok: boolean; error?: string; taskId?: string }]>([
    ['one step right marks the task done', card(), 'final_document', { ok: true, taskId: 'revision_process' }],
    ['the same column is refused', card(), 'revision_process', { ok: false, error: BOARD_SAME_COLUMN }],
    ['two steps are refused', card(), DONE_COLUMN, { ok: false, error: boardOneStep('Revision Process', 'Final Document') }],
    ['a reviewer may not move', card({ role: 'reviewer' }), 'final_document', { ok: false, error: BOARD_WRITER_ONLY }],
    ["the customer's task is not the writer's", card({ completed: [] }), 'revision_process', { ok: false, error: BOARD_CUSTOMER_TASK }],
    ['done orders stay', card({ markedComplete: true }), DONE_COLUMN, { ok: false, error: BOARD_ALREADY_DONE }],
    [
      'the last task moves to Done',
      card({ completed: [done('s1', 'previous_document'), done('s1', 'revision_process'), done('s1', 'final_document')] }),
      DONE_COLUMN,
      { ok: true, taskId: 'final_document' },
    ],
  ])('%s', (_name, c, to, expected) => {
    const result = boardMove(c, to)
    expect(result.ok).toBe(expected.ok)
    if (result.ok) expect(result.complete.taskId).toBe(expected.taskId)
    else expect(result.error).toBe(expected.error)
  })
})

describe('isWorkFilter', () => {
  it.each<[unknown, boolean]>([
    ['open', true],
    ['due-soon', true],
    ['Open', false],
    ['', false],
    [undefined, false],
  ])('%j: %s', (value, ok) => expect(isWorkFilter(value)).toBe(ok))
})

// What the workspace says is data: one label and one empty-list text per filter, one text per waiting party,
// one sentence per refusal, none blank and no two alike.
describe("the workspace's texts", () => {
  const distinctSentences = (texts: string[]) => {
    expect(new Set(texts).size).toBe(texts.length)
    for (const t of texts) expect(t).toMatch(/^[A-Z].*\S$/)
  }

  it('name each filter and what its empty list means', () => {
    expect(Object.keys(WORK_FILTER_LABELS)).toEqual([...WORK_FILTERS])
    expect(Object.keys(WORK_EMPTY_TEXT)).toEqual([...WORK_FILTERS])
    distinctSentences(Object.values(WORK_FILTER_LABELS))
    distinctSentences(Object.values(WORK_EMPTY_TEXT))
  })

  it('say who an order waits on', () => {
    expect(Object.keys(WORK_WAITS_TEXT)).toEqual(['me', 'customer', 'writer', 'nobody'])
    distinctSentences(Object.values(WORK_WAITS_TEXT))
  })

  it('say each refusal of the pool and the board in its own sentence', () => {
    const refusals = [
      POOL_OFF,
      POOL_WRITERS_ONLY,
      POOL_ALREADY_CLAIMED,
      POOL_NOT_FOR_YOU,
      POOL_CLAIMED,
      BOARD_OFF,
      BOARD_WRITER_ONLY,
      BOARD_ALREADY_DONE,
      BOARD_SAME_COLUMN,
      BOARD_CUSTOMER_TASK,
    ]
    distinctSentences(refusals)
    for (const r of refusals) expect(r).toMatch(/\.$/)
  })
})

it('tells a card moved too far which task to finish, and puts a card without a next task in Done', () => {
  expect(boardOneStep('Revision Process', 'Final Cover')).toBe('A card moves one column to the right: finish "Revision Process" to move it to Final Cover.')
  expect([boardColumnOf(null), boardColumnOf({ taskId: 'draft' } as Parameters<typeof boardColumnOf>[0])]).toEqual([DONE_COLUMN, 'draft'])
})
