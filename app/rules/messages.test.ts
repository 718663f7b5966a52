import { describe, expect, it } from 'vitest'
import { messageFrom } from './messages'

describe('messageFrom', () => {
  it.each([
    [{ message: 'a', error: 'b' }, 'a'],
    [{ data: { message: 'dm' }, error: 'e' }, 'dm'],
    [{ data: { error: 'de' }, error: 'e' }, 'de'],
    [{ error: 'e', errors: ['x'] }, 'e'],
    [{ errors: { email: 'Bad email', name: ['Enter Name'] } }, 'Bad email\nEnter Name'],
    [{ errors: [] }, 'Please Try Again Later!'],
    [{}, 'Please Try Again Later!'],
    [null, 'Please Try Again Later!'],
  ])('%j -> %s', (body, expected) => {
    expect(messageFrom(body)).toBe(expected)
  })

  it('can return null instead of the fallback', () => {
    expect(messageFrom({}, null)).toBeNull()
  })
})
