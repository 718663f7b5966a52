import { describe, expect, it } from 'vitest'
import { likePattern, pageCount, parseTableQuery, tableHref } from './table-query'

const opts = { sizes: [50, 100, 200], sortable: ['name', 'email'], defaultSort: 'name' } as const

describe('parseTableQuery', () => {
  it('defaults to page 1 of 50 sorted by the default column', () => {
    expect(parseTableQuery(new URLSearchParams(), opts)).toEqual({ page: 1, size: 50, start: 0, search: '', sort: 'name', dir: 'asc' })
  })
  it.each([
    ['size=100&page=3', { size: 100, page: 3, start: 200 }],
    ['size=75', { size: 50 }],
    ['page=-2', { page: 1 }],
    ['page=abc', { page: 1 }],
    ['sort=password', { sort: 'name' }],
    ['sort=email&dir=desc', { sort: 'email', dir: 'desc' }],
    ['q=%20ann%20', { search: 'ann' }],
  ])('%s', (qs, expected) => {
    expect(parseTableQuery(new URLSearchParams(qs), opts)).toMatchObject(expected)
  })
})

describe('helpers', () => {
  it('pageCount never goes below 1', () => {
    expect(pageCount(0, 50)).toBe(1)
    expect(pageCount(101, 50)).toBe(3)
  })
  it('tableHref keeps other params', () => {
    expect(tableHref(new URLSearchParams('archived=true&page=2'), { page: 3, q: null })).toBe('?archived=true&page=3')
  })
  it('likePattern escapes wildcards', () => {
    expect(likePattern('50%_a\\')).toBe('%50\\%\\_a\\\\%')
  })
})

// Edges mutation testing found untested (ADR 0103): the page cap, the sort direction, search trimmed before its cap.
describe('table query at its edges', () => {
  const q = (s: string) => parseTableQuery(new URLSearchParams(s), opts)
  it.each([
    ['page=1', 1],
    ['page=0', 1],
    ['page=100000', 100_000],
    ['page=100001', 1],
    ['page=2.9', 2],
    ['page=x', 1],
  ])('%s reads page %i', (s, page) => expect(q(s).page).toBe(page))
  it('takes asc and desc only, else the default direction', () => {
    expect(q('dir=desc').dir).toBe('desc')
    expect(q('dir=asc').dir).toBe('asc')
    expect(q('dir=').dir).toBe('asc')
    expect(parseTableQuery(new URLSearchParams('dir=up'), { ...opts, defaultDir: 'desc' }).dir).toBe('desc')
    expect(parseTableQuery(new URLSearchParams('dir=asc'), { ...opts, defaultDir: 'desc' }).dir).toBe('asc')
  })
  it('trims the search before keeping its first 100 characters', () => {
    expect(q(`q=${encodeURIComponent(' '.repeat(10) + 'a'.repeat(100))}`).search).toBe('a'.repeat(100))
  })
  it('drops a parameter set to null or empty, keeps the rest', () => {
    expect(tableHref(new URLSearchParams('q=x&page=3'), { q: '', page: null })).toBe('?')
    expect(tableHref(new URLSearchParams('q=x&page=3'), { page: 2 })).toBe('?q=x&page=2')
  })
})
