import { describe, expect, it } from 'vitest'
import { cloneName } from './clone-name'

describe('cloneName', () => {
  it.each([
    { name: 'Intake', taken: [], expected: 'Copy of Intake' },
    { name: 'Intake', taken: ['Intake'], expected: 'Copy of Intake' },
    { name: 'Intake', taken: ['Copy of Intake'], expected: 'Copy (1) of Intake' },
    { name: 'Intake', taken: ['Copy of Intake', 'Copy (1) of Intake'], expected: 'Copy (2) of Intake' },
    { name: 'Intake', taken: ['copy of intake', 'Copy (1) of Intake', 'Copy (3) of Intake'], expected: 'Copy (2) of Intake' },
    { name: '  Intake ', taken: [], expected: 'Copy of Intake' },
    { name: 'Copy of Intake', taken: ['Copy of Intake'], expected: 'Copy of Copy of Intake' },
  ])('$name with $taken → $expected', ({ name, taken, expected }) => {
    expect(cloneName(name, taken)).toBe(expected)
  })
})
