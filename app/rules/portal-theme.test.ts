import { describe, expect, it } from 'vitest'
import { canonicalColour, COLOUR_KEYS, DEFAULT_COLOURS, themeStyle } from './portal-theme'

describe('canonicalColour', () => {
  it.each<[unknown, string | null]>([
    ['#1D4ED8', '#1d4ed8'],
    ['1d4ed8', '#1d4ed8'],
    [' #fff ', '#ffffff'],
    ['#abc', '#aabbcc'],
    ['#abcd', null],
    ['red', null],
    ['#12345g', null],
    ['#1d4ed8; background: url(x)', null],
    ['', null],
    [null, null],
    [42, null],
  ])('%j → %j', (value, expected) => {
    expect(canonicalColour(value)).toBe(expected)
  })
})

describe('themeStyle', () => {
  it('sets a custom property for each colour chosen, nothing for the others', () => {
    expect(themeStyle({ topBarBgColor: '#111827', sideBarTextColor: '#FFF', footerBgColor: null })).toEqual({
      '--portal-topbar-bg': '#111827',
      '--portal-sidebar-text': '#ffffff',
    })
  })

  it('never lets anything but a colour into the CSS', () => {
    expect(themeStyle({ topBarBgColor: 'red;}body{display:none' })).toEqual({})
  })

  it('has a default for every colour', () => {
    for (const key of COLOUR_KEYS) expect(canonicalColour(DEFAULT_COLOURS[key])).toBe(DEFAULT_COLOURS[key])
  })
})
