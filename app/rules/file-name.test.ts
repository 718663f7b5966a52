import { describe, expect, it } from 'vitest'
import { formatKb, isAllowedFileName } from './file-name'

describe('isAllowedFileName', () => {
  it.each([
    ['resume.pdf', true],
    ['my resume (final).docx', true],
    ["o'brien.pdf", false],
    ['a,b.pdf', false],
    ['o\u2019brien.pdf', false],
    ['', true],
  ])('%s → %s', (name, ok) => {
    expect(isAllowedFileName(name)).toBe(ok)
  })
})

describe('formatKb', () => {
  it.each([
    [0, '0.00 kB'],
    [1024, '1.00 kB'],
    [1536, '1.50 kB'],
    [123456, '120.56 kB'],
    [-5, '0.00 kB'],
  ])('%i → %s', (bytes, text) => {
    expect(formatKb(bytes)).toBe(text)
  })
})
