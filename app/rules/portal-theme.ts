// The portal colour scheme (Customize Client Portal): the eight colours, their defaults (the
// portal's own look) and the CSS custom properties the layout sets from them (ADR 0044).

export const COLOUR_KEYS = [
  'topBarBgColor',
  'topBarTextColor',
  'sideBarBgColor',
  'sideBarTextColor',
  'sideBarActiveColor',
  'sideBarIconColor',
  'footerBgColor',
  'footerTextColor',
] as const
export type ColourKey = (typeof COLOUR_KEYS)[number]
export type PortalColours = Record<ColourKey, string | null>

export const COLOUR_LABELS: Record<ColourKey, string> = {
  topBarBgColor: 'Top Bar Background',
  topBarTextColor: 'Top Bar Text',
  sideBarBgColor: 'Sidebar Background',
  sideBarTextColor: 'Sidebar Text',
  sideBarActiveColor: 'Sidebar Active Item',
  sideBarIconColor: 'Sidebar Icons',
  footerBgColor: 'Footer Background',
  footerTextColor: 'Footer Text',
}

/** What an unset colour looks like (tailwind.css uses the same values as the fallbacks). */
export const DEFAULT_COLOURS: Record<ColourKey, string> = {
  topBarBgColor: '#ffffff',
  topBarTextColor: '#374151',
  sideBarBgColor: '#ffffff',
  sideBarTextColor: '#374151',
  sideBarActiveColor: '#1d4ed8',
  sideBarIconColor: '#374151',
  footerBgColor: '#ffffff',
  footerTextColor: '#6b7280',
}

const CSS_VARIABLES: Record<ColourKey, string> = {
  topBarBgColor: '--portal-topbar-bg',
  topBarTextColor: '--portal-topbar-text',
  sideBarBgColor: '--portal-sidebar-bg',
  sideBarTextColor: '--portal-sidebar-text',
  sideBarActiveColor: '--portal-sidebar-active',
  sideBarIconColor: '--portal-sidebar-icon',
  footerBgColor: '--portal-footer-bg',
  footerTextColor: '--portal-footer-text',
}

import { readableText } from './contrast'

export const COLOUR_INVALID = 'Enter a colour as #RRGGBB, e.g. #1d4ed8'

/** '#1D4ED8', '1d4ed8' and '#14d' all read as '#1d4ed8'-style lowercase six-digit hex; anything else is null. */
export function canonicalColour(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const v = value.trim().toLowerCase().replace(/^#?/, '#')
  if (/^#[0-9a-f]{6}$/.test(v)) return v
  if (/^#[0-9a-f]{3}$/.test(v)) return `#${[...v.slice(1)].map((c) => c + c).join('')}`
  return null
}

/**
 * The style the portal's root gets: one custom property per colour set. Only canonical colours
 * pass, so nothing but `#rrggbb` ever reaches the page's CSS.
 */
export function themeStyle(colours: Partial<Record<ColourKey, string | null>>): Record<string, string> {
  const style: Record<string, string> = {}
  for (const key of COLOUR_KEYS) {
    const colour = canonicalColour(colours[key])
    if (colour) style[CSS_VARIABLES[key]] = colour
  }
  // Text, links and icons on a chosen background always read at 4.5:1 (WCAG 1.4.3, ADR 0071): the
  // organisation's colour when it does, else dark or white; decided here, on the server, from the stored colours.
  for (const [background, text, tint] of TEXT_ON) {
    const [bg, fg] = [canonicalColour(colours[background]), canonicalColour(colours[text])]
    if (!bg && !fg) continue
    style[CSS_VARIABLES[text]] = readableText(bg ?? DEFAULT_COLOURS[background], fg ?? DEFAULT_COLOURS[text], tint)
  }
  return style
}

/** [background, the colour shown on it, the share of that colour in the element's own background tint]. */
const TEXT_ON: [ColourKey, ColourKey, number][] = [
  ['topBarBgColor', 'topBarTextColor', 0],
  ['sideBarBgColor', 'sideBarTextColor', 0],
  // tailwind.css paints the active item on a 10% tint of its colour (.portal-sidebar-active).
  ['sideBarBgColor', 'sideBarActiveColor', 0.1],
  ['sideBarBgColor', 'sideBarIconColor', 0],
  ['footerBgColor', 'footerTextColor', 0],
]
