import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor, hasFilterParams, type ListCursor, parseOrdersListQuery } from './orders-list.schema'

const parse = (qs: string, defaults?: Parameters<typeof parseOrdersListQuery>[1]) => parseOrdersListQuery(new URLSearchParams(qs), defaults)
const ok = (qs: string, defaults?: Parameters<typeof parseOrdersListQuery>[1]) => {
  const result = parse(qs, defaults)
  if (!result.ok) throw new Error(`expected ${qs} to parse: ${result.error}`)
  return result.query
}
const error = (qs: string) => {
  const result = parse(qs)
  if (result.ok) throw new Error(`expected ${qs} to be refused`)
  return result.error
}

describe('cursor', () => {
  const cursors: ListCursor[] = [
    { d: 'a', s: 'createdAt', r: 'desc', v: '2026-05-01T10:11:12.345Z', i: 42, o: 50 },
    { d: 'b', s: 'customer', r: 'asc', v: 'Zoë O’Brien 100%_done', i: 7, o: 0 },
    { d: 'a', s: 'dueDate', r: 'asc', v: null, i: 9, o: 100 },
    { d: 'l', s: 'product', r: 'desc', o: 0 },
  ]
  it.each(cursors)('round-trips %j as URL-safe text', (cursor) => {
    const text = encodeCursor(cursor)
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeCursor(text)).toEqual(cursor)
  })

  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  it.each([
    ['empty', ''],
    ['not base64url', 'abc+/='],
    ['not JSON', Buffer.from('hello').toString('base64url')],
    ['an unknown sort', b64({ d: 'a', s: 'price', r: 'asc', v: 'x', i: 1, o: 0 })],
    ['a missing id', b64({ d: 'a', s: 'createdAt', r: 'asc', v: '2026-01-01T00:00:00.000Z', o: 0 })],
    ['a negative offset', b64({ d: 'a', s: 'createdAt', r: 'asc', v: '2026-01-01T00:00:00.000Z', i: 1, o: -1 })],
    ['a null value on a column that is never empty', b64({ d: 'a', s: 'customer', r: 'asc', v: null, i: 1, o: 0 })],
    ['a date sort with a value that is no date', b64({ d: 'b', s: 'updatedAt', r: 'asc', v: 'yesterday', i: 1, o: 0 })],
    ['a fractional id', b64({ d: 'a', s: 'customer', r: 'asc', v: 'a', i: 1.5, o: 0 })],
    ['too long', 'a'.repeat(1001)],
  ])('refuses %s', (_, text) => {
    expect(decodeCursor(text)).toBeNull()
  })
})

describe('parseOrdersListQuery', () => {
  it('defaults: not archived, newest purchase first, 50 a page, completed orders older than six months hidden', () => {
    expect(ok('')).toEqual({
      archived: false,
      search: '',
      sort: 'createdAt',
      dir: 'desc',
      size: 50,
      cursor: null,
      start: null,
      showSixMonthsCompleted: false,
      filters: { product: [], contributor: [], priority: [], projectStatus: [], orderStatus: [] },
    })
  })

  it('reads plain parameters, repeated and comma-separated filter values alike', () => {
    const q = ok(
      'archived=true&search=%20ann%20&sort=customer&dir=asc&size=200&showSixMonthsCompleted=true&priority=high&priority=urgent,low&product=p1&contributor=unassigned&contributor=w1&projectStatus=due-soon&projectStatus=Past%20due&orderStatus=in%20progress&testOrder=false&hideOrder=1',
    )
    expect(q).toMatchObject({ archived: true, search: 'ann', sort: 'customer', dir: 'asc', size: 200, showSixMonthsCompleted: true })
    expect(q.filters).toEqual({
      product: ['p1'],
      contributor: ['unassigned', 'w1'],
      priority: ['high', 'urgent', 'low'],
      projectStatus: ['Due soon', 'Past due'],
      orderStatus: ['in-progress'],
      testOrder: false,
      hideOrder: true,
    })
  })

  it('reads filters and sorting as a React table sends them (JSON)', () => {
    const filters = JSON.stringify([
      { id: 'package.packageName', value: ['p1', 'p2'] },
      { id: 'writer', value: 'unassigned' },
      { id: 'projectStatus', value: 'On track' },
      { id: 'testOrder', value: true },
    ])
    const q = ok(`filters=${encodeURIComponent(filters)}&sorting=${encodeURIComponent('[{"id":"dueDate","desc":true}]')}&start=100&size=100`)
    expect(q).toMatchObject({ sort: 'dueDate', dir: 'desc', start: 100, size: 100 })
    expect(q.filters).toMatchObject({ product: ['p1', 'p2'], contributor: ['unassigned'], projectStatus: ['On track'], testOrder: true })
  })

  it('reads filters given as an object, and the search under q or globalFilter', () => {
    const q = ok(`filters=${encodeURIComponent('{"priority":"high","orderStatus":"completed"}')}&globalFilter=x`)
    expect(q.filters).toMatchObject({ priority: ['high'], orderStatus: ['completed'] })
    expect(q.search).toBe('x')
    expect(ok('q=y').search).toBe('y')
  })

  it("'all' and empty values mean no filter", () => {
    expect(ok('priority=&testOrder=all&contributor=all').filters).toEqual({ product: [], contributor: [], priority: [], projectStatus: [], orderStatus: [] })
  })

  it('a sort given without a direction starts in its natural one; the defaults may name another sort', () => {
    expect(ok('sort=dueDate')).toMatchObject({ sort: 'dueDate', dir: 'asc' })
    expect(ok('sort=updatedAt')).toMatchObject({ sort: 'updatedAt', dir: 'desc' })
    expect(ok('sort=purchasedDate&dir=asc')).toMatchObject({ sort: 'createdAt', dir: 'asc' })
    expect(ok('', { sort: 'dueDate' })).toMatchObject({ sort: 'dueDate', dir: 'asc' })
  })

  it('a cursor brings its sort, replaces start, and is refused under another sort', () => {
    const cursor = encodeCursor({ d: 'a', s: 'customer', r: 'asc', v: 'M', i: 3, o: 50 })
    expect(ok(`cursor=${cursor}&start=500`)).toMatchObject({ sort: 'customer', dir: 'asc', start: null, cursor: { d: 'a', v: 'M', i: 3 } })
    expect(ok(`cursor=${cursor}&sort=customer&dir=asc`).cursor).not.toBeNull()
    expect(error(`cursor=${cursor}&sort=product`)).toBe('The cursor belongs to another sort')
    expect(error(`cursor=${cursor}&dir=desc`)).toBe('The cursor belongs to another sort')
  })

  it.each([
    ['size=25', 'size must be 50, 100 or 200'],
    ['size=abc', 'size must be 50, 100 or 200'],
    ['start=-1', 'start must be 0 or more'],
    ['start=1.5', 'start must be a whole number'],
    ['start=x', 'start must be a whole number'],
    ['sort=price', 'sort must be one of createdAt, dueDate, updatedAt, customer, product'],
    ['dir=up', 'dir must be asc or desc'],
    ['priority=critical', 'priority must be one of urgent, high, medium, low'],
    ['projectStatus=late', 'projectStatus must be one of Completed, Pending, On track, Due soon, Past due'],
    ['orderStatus=paid', 'orderStatus must be completed or in-progress'],
    ['testOrder=maybe', 'testOrder must be true or false'],
    ['archived=yes', 'archived must be true or false'],
    ['product=%27%20OR%201%3D1', 'Invalid id'],
    ['cursor=garbage!', 'Invalid cursor'],
    ['filters=%7Bnot%20json', 'filters must be JSON'],
    [`filters=${encodeURIComponent('[{"id":"price","value":1}]')}`, 'Unknown filter: price'],
    ['sorting=%5B1%5D', 'sorting must be [{"id": column, "desc": true|false}]'],
    [`sorting=${encodeURIComponent('[{"id":"price","desc":true}]')}`, 'sort must be one of createdAt, dueDate, updatedAt, customer, product'],
    [`search=${'x'.repeat(101)}`, 'Search is at most 100 characters'],
  ])('refuses %s', (qs, message) => {
    expect(error(qs)).toBe(message)
  })
})

describe('hasFilterParams', () => {
  it('sees filters only, not sort or search', () => {
    expect(hasFilterParams(new URLSearchParams('sort=customer&search=x'))).toBe(false)
    expect(hasFilterParams(new URLSearchParams('priority='))).toBe(false)
    expect(hasFilterParams(new URLSearchParams('hideOrder=true'))).toBe(true)
  })
})
