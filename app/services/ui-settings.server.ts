// Interface preferences (sidebar mode, expanded sidebar sections, language) in a cookie, so the
// server renders the shell exactly as the browser last left it, with or without JavaScript.
import { createCookie } from '@remix-run/node'
import { z } from 'zod'
import { DEFAULT_LANGUAGE, type Language, LANGUAGES, resolveLanguage } from '#app/i18n/index'
import { deriveSecret } from './crypto.server'
import { isProduction } from './env.server'

export const SIDEBAR_MODES = ['default', 'condensed'] as const
export type SidebarMode = (typeof SIDEBAR_MODES)[number]

export type UiSettings = { sidebar: SidebarMode; expanded: string[]; lang: Language | null }

export const DEFAULT_UI_SETTINGS: UiSettings = { sidebar: 'default', expanded: [], lang: null }

// Labels are i18n keys; the caps keep a crafted cookie from growing without bound.
const MAX_EXPANDED = 40
const labelSchema = z.string().min(1).max(64)

const stored = z.object({
  sidebar: z.enum(SIDEBAR_MODES).catch('default'),
  expanded: z.array(labelSchema).max(MAX_EXPANDED).catch([]),
  lang: z.enum(LANGUAGES).nullable().catch(null),
})

let cookie: ReturnType<typeof createCookie> | undefined

function uiCookie() {
  return (cookie ??= createCookie('ui_settings', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isProduction(),
    maxAge: 365 * 24 * 3600,
    secrets: [deriveSecret('ui-settings-cookie')],
  }))
}

export async function getUiSettings(request: Request): Promise<UiSettings> {
  const raw = await uiCookie().parse(request.headers.get('Cookie'))
  // No cookie yet (most requests until a first change): the defaults, without zod's catch() building issues.
  if (raw === null || raw === undefined) return { ...DEFAULT_UI_SETTINGS }
  const parsed = stored.safeParse(raw)
  return parsed.success ? parsed.data : { ...DEFAULT_UI_SETTINGS }
}

export function serializeUiSettings(settings: UiSettings): Promise<string> {
  return uiCookie().serialize(settings)
}

/** One change from the /ui-settings form; anything malformed is ignored rather than an error. */
export const uiSettingsChange = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('sidebar'), mode: z.enum(SIDEBAR_MODES) }),
  z.object({ intent: z.literal('section'), label: labelSchema, expanded: z.enum(['true', 'false']) }),
  z.object({ intent: z.literal('language'), lang: z.string().max(16) }),
])

export type UiSettingsChange = z.infer<typeof uiSettingsChange>

export function applyUiChange(settings: UiSettings, change: UiSettingsChange): UiSettings {
  switch (change.intent) {
    case 'sidebar':
      return { ...settings, sidebar: change.mode }
    case 'section': {
      const rest = settings.expanded.filter((l) => l !== change.label)
      const expanded = change.expanded === 'true' ? [...rest, change.label].slice(-MAX_EXPANDED) : rest
      return { ...settings, expanded }
    }
    case 'language':
      return { ...settings, lang: resolveLanguage(change.lang) }
  }
}

export function languageOf(settings: UiSettings, sessionLang?: string | null): Language {
  return settings.lang ?? (sessionLang ? resolveLanguage(sessionLang) : DEFAULT_LANGUAGE)
}
