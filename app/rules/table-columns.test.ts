import { describe, expect, it } from 'vitest'
import { cleanChoice, defaultChoice, isTableKey, optionalColumns, TABLE_COLUMNS, visibleColumns } from './table-columns'

describe('table columns', () => {
  it('knows its tables and nothing else', () => {
    expect(isTableKey('orders')).toBe(true)
    expect(isTableKey('audit-logs')).toBe(true)
    for (const v of ['users', 'toString', '__proto__', '', null, 3]) expect(isTableKey(v)).toBe(false)
  })

  it('shows the spec’s columns by default: every column of both tables', () => {
    for (const table of ['orders', 'audit-logs'] as const) {
      expect([...visibleColumns(table, null)]).toEqual(TABLE_COLUMNS[table].map((c) => c.key))
      expect(defaultChoice(table)).toEqual(optionalColumns(table).map((c) => c.key))
    }
  })

  it('always shows the required columns (the order’s customer link and the row actions)', () => {
    const shown = visibleColumns('orders', [])
    expect([...shown]).toEqual(['number', 'customer', 'actions'])
    expect([...visibleColumns('audit-logs', [])]).toEqual(['user', 'module', 'action', 'message'])
  })

  it('shows the saved optional columns in the table’s order', () => {
    expect([...visibleColumns('orders', ['dueDate', 'email'])]).toEqual(['number', 'customer', 'email', 'dueDate', 'actions'])
  })

  it.each([
    [
      ['contributor', 'email', 'email'],
      ['email', 'contributor'],
    ],
    [['actions', 'customer', 'number'], []],
    [['<script>', 'constructor', 42, null], []],
    [['ip', 'message', 'email'], ['email']],
  ])('keeps only the table’s optional keys of %j → %j', (chosen, kept) => {
    expect(cleanChoice('orders', chosen)).toEqual(kept)
  })
})

it('shows every required column by default', () => {
  const required = Object.values(TABLE_COLUMNS).flatMap((columns) => columns.filter((c) => !c.optional))
  expect(required.length).toBeGreaterThan(0)
  expect(required.filter((c) => !c.byDefault)).toEqual([])
})
