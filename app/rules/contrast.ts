// WCAG 2.2 contrast (1.4.3): brand colours are shown with a text colour that reaches 4.5:1.

/** Relative luminance of a `#rrggbb` colour (WCAG 2.x definition). */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

/** The contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

export const MIN_TEXT_CONTRAST = 4.5
const DARK_TEXT = '#111827'
const LIGHT_TEXT = '#ffffff'
const BLACK = '#000000'

/** `weight` of `a` mixed into `b` in sRGB, as CSS `color-mix(in srgb, a weight, b)` paints it. */
export function mixColours(a: string, b: string, weight: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(i, i + 2), 16)
  return `#${[1, 3, 5]
    .map((i) =>
      Math.round(channel(a, i) * weight + channel(b, i) * (1 - weight))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

/**
 * The wanted text colour when it reads on `background` at 4.5:1, else dark or white, whichever reads better.
 * `tint` is how much of the text colour the element's own background mixes in (the sidebar's active item
 * sits on a 10% tint of its colour): the text must read on the plain and on the tinted background.
 */
export function readableText(background: string, wanted: string, tint = 0): string {
  const worst = (text: string) => Math.min(contrastRatio(background, text), contrastRatio(mixColours(text, background, tint), text))
  if (worst(wanted) >= MIN_TEXT_CONTRAST) return wanted
  const house = worst(DARK_TEXT) >= worst(LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT
  // On a mid grey neither house colour may reach 4.5:1; black or white always does (at least 4.58:1).
  if (worst(house) >= MIN_TEXT_CONTRAST) return house
  return worst(BLACK) >= worst(LIGHT_TEXT) ? BLACK : LIGHT_TEXT
}
