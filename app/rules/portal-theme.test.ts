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
  it('sets a custom property for each colour chosen, nothing for the others (white text on the white sidebar turns dark)', () => {
    expect(themeStyle({ topBarBgColor: '#ffffff', sideBarTextColor: '#FFF', footerBgColor: null })).toEqual({
      '--portal-topbar-bg': '#ffffff',
      '--portal-topbar-text': '#374151',
      '--portal-sidebar-text': '#111827',
    })
  })

  it('gives a chosen background text that reads at 4.5:1 (the default dark text on a dark bar turns white)', () => {
    expect(themeStyle({ topBarBgColor: '#111827' })).toEqual({ '--portal-topbar-bg': '#111827', '--portal-topbar-text': '#ffffff' })
    expect(themeStyle({ footerBgColor: '#125320', footerTextColor: '#374151' })).toEqual({ '--portal-footer-bg': '#125320', '--portal-footer-text': '#ffffff' })
  })

  it('never lets anything but a colour into the CSS', () => {
    expect(themeStyle({ topBarBgColor: 'red;}body{display:none' })).toEqual({})
  })

  it('has a default for every colour', () => {
    for (const key of COLOUR_KEYS) expect(canonicalColour(DEFAULT_COLOURS[key])).toBe(DEFAULT_COLOURS[key])
  })
})
