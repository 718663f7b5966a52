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

export type Messages = Partial<Record<string, string>>

// Typed loosely so a missing key in one language falls back instead of failing the lookup. The server
// knows every language; the browser's bundle has English only and is handed the page's language by the
// shell's loader data (registerMessages), which keeps the other four out of every page's JavaScript (ADR 0077).
export const MESSAGES: Partial<Record<Language, Messages>> = import.meta.env.SSR ? { en, de, it, ru, es } : { en }

/** The texts of a language other than English, for the shell to hand to the browser; null for English. */
export function messagesToSend(lang: Language): Messages | null {
  return lang === DEFAULT_LANGUAGE ? null : (MESSAGES[lang] ?? null)
}

/** The browser learns the page's language from the shell's loader data before the shell renders a text. */
export function registerMessages(lang: Language, messages: Messages | null | undefined) {
  if (messages && !MESSAGES[lang]) MESSAGES[lang] = messages
}

// Accepts browser-style tags too ('de-DE', 'ES'), since the value may come from Accept-Language or a cookie.
export function resolveLanguage(value?: string | null): Language {
  const base = (value ?? '').trim().toLowerCase().split(/[-_]/)[0]
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : DEFAULT_LANGUAGE
}

export function t(lang: Language | string | null | undefined, key: MessageKey | (string & {}), vars?: Record<string, string | number>): string {
  const text = MESSAGES[resolveLanguage(lang)]?.[key] ?? (en as Messages)[key] ?? key
  if (!vars) return text
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
}
