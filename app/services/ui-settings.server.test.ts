import { describe, expect, it } from 'vitest'
import { applyUiChange, DEFAULT_UI_SETTINGS, languageOf, uiSettingsChange } from './ui-settings.server'

describe('applyUiChange', () => {
  const cases = [
    { name: 'condenses the sidebar', change: { intent: 'sidebar', mode: 'condensed' }, expect: { sidebar: 'condensed' } },
    { name: 'expands a section', change: { intent: 'section', label: 'menu.orders', expanded: 'true' }, expect: { expanded: ['menu.orders'] } },
    { name: 'resolves a language tag', change: { intent: 'language', lang: 'de-DE' }, expect: { lang: 'de' } },
    { name: 'falls back to en for an unknown language', change: { intent: 'language', lang: 'xx' }, expect: { lang: 'en' } },
  ] as const
  for (const c of cases) {
    it(c.name, () => {
      const change = uiSettingsChange.parse(c.change)
      expect(applyUiChange(DEFAULT_UI_SETTINGS, change)).toMatchObject(c.expect)
    })
  }

  it('collapses a section without touching the others', () => {
    const start = { ...DEFAULT_UI_SETTINGS, expanded: ['menu.orders', 'menu.products'] }
    const next = applyUiChange(start, { intent: 'section', label: 'menu.orders', expanded: 'false' })
    expect(next.expanded).toEqual(['menu.products'])
  })

  it('rejects unknown intents and modes', () => {
    expect(uiSettingsChange.safeParse({ intent: 'sidebar', mode: 'tiny' }).success).toBe(false)
    expect(uiSettingsChange.safeParse({ intent: 'theme' }).success).toBe(false)
  })
})

describe('languageOf', () => {
  it('prefers the cookie, then the session, then en', () => {
    expect(languageOf({ ...DEFAULT_UI_SETTINGS, lang: 'it' }, 'de')).toBe('it')
    expect(languageOf(DEFAULT_UI_SETTINGS, 'ru')).toBe('ru')
    expect(languageOf(DEFAULT_UI_SETTINGS, null)).toBe('en')
  })
})
