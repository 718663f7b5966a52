import { describe, expect, it } from 'vitest'
import { availableModules } from './workflow-modules'
import { applyBoardEdit, boardFrom, parseBoardEdit } from './workflow-board-state'

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
