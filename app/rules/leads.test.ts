import { describe, expect, test } from 'vitest'
import { canConvertLeads, canReadLeads, canWorkLeads, CONVERTED_STAYS_WON, LEAD_CSV_HEADER, leadCsvFields, SAME_STATUS, statusChangeError } from './leads'
import { csvLine } from '#app/rules/csv'

describe('statusChangeError', () => {
  test.each([
    ['new to contacted', { status: 'new', converted: false }, 'contacted', null],
    ['new to won', { status: 'new', converted: false }, 'won', null],
    ['contacted to lost', { status: 'contacted', converted: false }, 'lost', null],
    ['lost back to contacted', { status: 'lost', converted: false }, 'contacted', null],
    ['won back to new (not converted)', { status: 'won', converted: false }, 'new', null],
    ['same status', { status: 'contacted', converted: false }, 'contacted', SAME_STATUS],
    ['converted lead to lost', { status: 'won', converted: true }, 'lost', CONVERTED_STAYS_WON],
    ['converted lead to new', { status: 'won', converted: true }, 'new', CONVERTED_STAYS_WON],
    ['converted lead (marked contacted before) to won', { status: 'contacted', converted: true }, 'won', null],
  ] as const)('%s', (_, lead, to, expected) => {
    expect(statusChangeError(lead, to)).toBe(expected)
  })
})

describe('leadCsvFields', () => {
  const base = {
    firstName: 'Nora',
    lastName: 'Quinn',
    email: 'nora@example.test',
    phone: null,
    source: 'cart' as const,
    status: 'contacted' as const,
    createdAt: new Date('2026-11-01T10:00:00.000Z'),
    updatedAt: new Date('2026-11-02T11:30:00.000Z'),
    convertedAt: null,
    customerEmail: null,
    lastNote: null,
  }
  test('maps every column in header order, CRLF-terminated', () => {
    const line = csvLine(leadCsvFields({ ...base, lastNote: 'Called, "call back", Monday' }))
    expect(line).toBe('Nora Quinn,nora@example.test,,Cart,Contacted,2026-11-01T10:00:00.000Z,2026-11-02T11:30:00.000Z,,,"Called, ""call back"", Monday"\r\n')
    expect(line.trimEnd().split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)).toHaveLength(LEAD_CSV_HEADER.length)
  })
  test('a converted lead shows when and to which customer; a missing name stays empty', () => {
    const line = csvLine(
      leadCsvFields({ ...base, firstName: null, lastName: null, status: 'won', convertedAt: new Date('2026-11-03T00:00:00.000Z'), customerEmail: 'nora@example.test' }),
    )
    expect(line).toBe(',nora@example.test,,Cart,Won,2026-11-01T10:00:00.000Z,2026-11-02T11:30:00.000Z,2026-11-03T00:00:00.000Z,nora@example.test,\r\n')
  })
  test('a formula in a captured name is defused', () => {
    expect(csvLine(leadCsvFields({ ...base, firstName: '=cmd|', lastName: null })).startsWith("'=cmd|,")).toBe(true)
  })
})

describe('who works leads', () => {
  const cases = [
    ['owner (full access)', { role: 'client', permissions: [] }, [true, true, true]],
    ['staff with CRM', { role: 'user', permissions: ['CRM'] }, [true, true, false]],
    ['staff with CRM and WRITE_CUSTOMERS', { role: 'user', permissions: ['CRM', 'READ_CUSTOMERS', 'WRITE_CUSTOMERS'] }, [true, true, true]],
    ['staff reading customers only', { role: 'user', permissions: ['READ_CUSTOMERS'] }, [true, false, false]],
    ['staff updating customers', { role: 'user', permissions: ['READ_CUSTOMERS', 'UPDATE_CUSTOMERS'] }, [true, true, false]],
    ['staff with orders only', { role: 'user', permissions: ['READ_ORDERS', 'VIEW_DASHBOARD'] }, [false, false, false]],
    ['leads-only user without permissions', { role: 'user', permissions: [], leadsOnly: true }, [true, true, false]],
    ['leads-only user who may create customers', { role: 'user', permissions: ['READ_CUSTOMERS', 'WRITE_CUSTOMERS'], leadsOnly: true }, [true, true, true]],
  ] as const
  test.each(cases)('%s', (_, user, [read, work, convert]) => {
    const u = { ...user, permissions: [...user.permissions] }
    expect([canReadLeads(u), canWorkLeads(u), canConvertLeads(u)]).toEqual([read, work, convert])
  })
})
