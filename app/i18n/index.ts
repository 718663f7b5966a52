// Language resolution and lookup for the bundled menu texts (default and fallback en).
import { de } from './de'
import { en, type MessageKey } from './en'
import { es } from './es'
import { it } from './it'
import { ru } from './ru'

export type { MessageKey }

export const LANGUAGES = ['en', 'de', 'it', 'ru', 'es'] as const

export type Language = (typeof LANGUAGES)[number]

export const DEFAULT_LANGUAGE: Language = 'en'

// Typed loosely so a missing key in one language falls back instead of failing the lookup.
export const MESSAGES: Record<Language, Partial<Record<string, string>>> = { en, de, it, ru, es }

// Accepts browser-style tags too ('de-DE', 'ES'), since the value may come from Accept-Language or a cookie.
export function resolveLanguage(value?: string | null): Language {
  const base = (value ?? '').trim().toLowerCase().split(/[-_]/)[0]
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : DEFAULT_LANGUAGE
}

export function t(lang: Language | string | null | undefined, key: MessageKey | (string & {}), vars?: Record<string, string | number>): string {
  const text = MESSAGES[resolveLanguage(lang)][key] ?? MESSAGES[DEFAULT_LANGUAGE][key] ?? key
  if (!vars) return text
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
}
