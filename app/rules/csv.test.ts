import { describe, expect, test } from 'vitest'
import { csvLine } from './csv'

describe('csvLine', () => {
  test.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['carriage\rreturn', '"carriage\rreturn"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1 555 0101', "'+1 555 0101"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(csvLine([input, 'z'])).toBe(`${expected},z\r\n`)
  })

  test('null and undefined are empty fields, numbers are written as they are', () => {
    expect(csvLine([null, undefined, 12.5])).toBe(',,12.5\r\n')
  })
})
