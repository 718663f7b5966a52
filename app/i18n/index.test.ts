import { describe, expect, it } from 'vitest'
import { APP_ROUTES, SIDEBAR_SECTIONS } from '#app/rules/routes'
import { LANGUAGES, MESSAGES, messagesToSend, registerMessages, resolveLanguage, t } from './index'

describe('resolveLanguage', () => {
  it.each([
    ['de', 'de'],
    ['ES', 'es'],
    ['ru-RU', 'ru'],
    ['it_IT', 'it'],
    ['fr', 'en'],
    ['', 'en'],
    [null, 'en'],
    [undefined, 'en'],
  ])('%s -> %s', (value, expected) => expect(resolveLanguage(value)).toBe(expected))
})

describe('t', () => {
  it('translates', () => {
    expect(t('de', 'top.logout')).toBe('Abmelden')
    expect(t('en', 'top.noNotifications')).toBe('No Notifications')
  })

  it('falls back to en, then to the key', () => {
    const de = MESSAGES.de!
    const saved = de['top.language']
    delete de['top.language']
    try {
      expect(t('de', 'top.language')).toBe('Language')
    } finally {
      de['top.language'] = saved!
    }
    expect(t('fr', 'top.profile')).toBe('Profile')
    expect(t('it', 'no.such.key')).toBe('no.such.key')
  })

  it('interpolates {name} and leaves unknown placeholders', () => {
    expect(t('en', 'banner.pastDue', { days: 3 })).toBe('You have a past due invoice and you account will be locked in 3 days')
    expect(t('en', 'banner.trialDaysLeft')).toBe('Your trial ends in {days} days')
  })
})

describe("the browser is handed the page's language (ADR 0077)", () => {
  it('sends nothing for English, the dictionary otherwise', () => {
    expect(messagesToSend('en')).toBeNull()
    expect(messagesToSend('ru')).toBe(MESSAGES.ru)
  })

  it('registers a language it lacks and keeps one it has', () => {
    const saved = MESSAGES.es
    delete MESSAGES.es
    try {
      expect(t('es', 'top.logout')).toBe('Logout')
      registerMessages('es', { 'top.logout': 'Salir' })
      expect(t('es', 'top.logout')).toBe('Salir')
      registerMessages('es', { 'top.logout': 'Otro' })
      expect(t('es', 'top.logout')).toBe('Salir')
    } finally {
      MESSAGES.es = saved
    }
  })
})

describe('dictionaries', () => {
  const enKeys = Object.keys(MESSAGES.en!).sort()

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has exactly the en keys, none empty', (lang) => {
    expect(Object.keys(MESSAGES[lang]!).sort()).toEqual(enKeys)
    for (const value of Object.values(MESSAGES[lang]!)) expect(value?.trim()).not.toBe('')
  })

  it('covers every sidebar label used by the route table', () => {
    const labels = [...APP_ROUTES.flatMap((r) => (r.label ? [r.label] : [])), ...SIDEBAR_SECTIONS.map((s) => s.label)]
    for (const label of labels) expect(enKeys).toContain(label)
  })
})
