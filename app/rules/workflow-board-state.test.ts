import { describe, expect, it } from 'vitest'
import { availableModules } from './workflow-modules'
import { applyBoardEdit, boardFrom, parseBoardEdit, reminderIdFactory } from './workflow-board-state'

const available = availableModules('resume', [{ id: 'form1', title: 'Intake' }])
let n = 0
const newId = () => `id${++n}`

describe('board edits (the no-JavaScript buttons)', () => {
  it.each([
    ['add:form1', { kind: 'add', moduleId: 'form1' }],
    ['up:2', { kind: 'move', from: 2, to: 1 }],
    ['down:0', { kind: 'move', from: 0, to: 1 }],
    ['remove:1', { kind: 'remove', index: 1 }],
    ['addReminder:0', { kind: 'addReminder', index: 0 }],
    ['removeReminder:0:abc', { kind: 'removeReminder', index: 0, reminderId: 'abc' }],
    ['bogus:1', null],
    ['up:x', null],
  ])('%s', (value, edit) => expect(parseBoardEdit(value)).toEqual(edit))

  it('adds known modules once, moves, removes and handles reminders', () => {
    let mods = applyBoardEdit([], { kind: 'add', moduleId: 'previous_document' }, available, newId)
    mods = applyBoardEdit(mods, { kind: 'add', moduleId: 'previous_document' }, available, newId)
    mods = applyBoardEdit(mods, { kind: 'add', moduleId: 'not-a-module' }, available, newId)
    mods = applyBoardEdit(mods, { kind: 'add', moduleId: 'form1' }, available, newId)
    expect(mods.map((m) => m.id)).toEqual(['previous_document', 'form1'])
    mods = applyBoardEdit(mods, { kind: 'move', from: 1, to: 0 }, available, newId)
    expect(mods.map((m) => m.title)).toEqual(['Intake', 'Upload Documents'])
    mods = applyBoardEdit(mods, { kind: 'addReminder', index: 1 }, available, newId)
    mods = applyBoardEdit(mods, { kind: 'addReminder', index: 1 }, available, newId)
    expect(mods[1]!.reminders.map((r) => [r.num, r.numberOfDays])).toEqual([
      [1, 1],
      [2, 2],
    ])
    mods = applyBoardEdit(mods, { kind: 'removeReminder', index: 1, reminderId: mods[1]!.reminders[0]!.id }, available, newId)
    expect(mods[1]!.reminders.map((r) => r.num)).toEqual([1])
    expect(applyBoardEdit(mods, { kind: 'remove', index: 0 }, available, newId).map((m) => m.id)).toEqual(['previous_document'])
  })

  it('reads a posted board, skipping junk', () => {
    const board = boardFrom({
      serviceName: 'X',
      serviceModules: { 0: { id: 'previous_document', title: 'Up', reminders: [{ id: 'a', numberOfDays: '3', email: { subject: 's', body: 'b' } }] }, 2: { title: 'no id' } },
    })
    expect(board).toEqual({
      serviceName: 'X',
      serviceModules: [{ id: 'previous_document', title: 'Up', reminders: [{ id: 'a', num: 1, numberOfDays: 3, email: { subject: 's', body: 'b' } }] }],
    })
    expect(boardFrom(null)).toEqual({ serviceName: '', serviceModules: [] })
  })
})

// Edges mutation testing found untested (ADR 0103): a posted board is whatever the client sent.
describe('a posted board at its edges', () => {
  it('reads numbers as text, objects as lists, and drops what is not a module or a reminder', () => {
    const board = boardFrom({
      serviceName: 7,
      serviceModules: {
        0: { id: 12, title: 'Twelve', reminders: { 0: { numberOfDays: '3', email: { subject: 's', body: 4 } }, 1: null, 2: 'x' } },
        1: null,
        2: 'module',
        3: { id: '', title: 'no id' },
        4: { id: true },
      },
    })
    expect(board).toEqual({
      serviceName: '7',
      serviceModules: [{ id: '12', title: 'Twelve', reminders: [{ id: 'r1', num: 1, numberOfDays: 3, email: { subject: 's', body: '4' } }] }],
    })
    expect(boardFrom({ serviceName: true, serviceModules: 'x' })).toEqual({ serviceName: '', serviceModules: [] })
    expect(boardFrom(null)).toEqual({ serviceName: '', serviceModules: [] })
    expect(boardFrom({ serviceModules: [{ id: 'm', reminders: [{ id: 'a', numberOfDays: 'x' }, { numberOfDays: 2 }] }] }).serviceModules[0]!.reminders).toEqual([
      { id: 'a', num: 1, numberOfDays: 0, email: { subject: '', body: '' } },
      { id: 'r2', num: 2, numberOfDays: 2, email: { subject: '', body: '' } },
    ])
  })
  it.each([
    ['removeReminder:1', null],
    ['removeReminder:x:r1', null],
    ['add', null],
    ['up:x', null],
  ])('%s is %j', (value, edit) => expect(parseBoardEdit(value)).toEqual(edit))
  it('adds at a given place, and edits only the module asked for', () => {
    const modules = [
      { id: 'a', title: 'A', reminders: [] },
      { id: 'b', title: 'B', reminders: [{ id: 'r1', num: 1, numberOfDays: 1, email: { subject: '', body: '' } }] },
    ]
    const added = applyBoardEdit(modules, { kind: 'add', moduleId: 'form1', at: 0 }, available, () => 'n')
    expect(added.map((m) => m.id)).toEqual(['form1', 'a', 'b'])
    const withReminder = applyBoardEdit(modules, { kind: 'addReminder', index: 0 }, available, () => 'n')
    expect(withReminder[0]!.reminders.map((r) => r.id)).toEqual(['n'])
    expect(withReminder[1]).toBe(modules[1])
    const removed = applyBoardEdit(modules, { kind: 'removeReminder', index: 1, reminderId: 'r1' }, available, () => 'n')
    expect(removed[1]!.reminders).toEqual([])
    expect(removed[0]).toBe(modules[0])
  })
  it('makes short random reminder ids', () => {
    const next = reminderIdFactory()
    const a = next()
    expect(a).toMatch(/^[0-9a-z]{1,8}$/)
    expect(next()).not.toBe(a)
  })
})
