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

/** The wanted text colour when it reads on `background` at 4.5:1, else dark or white, whichever reads better. */
export function readableText(background: string, wanted: string): string {
  if (contrastRatio(background, wanted) >= MIN_TEXT_CONTRAST) return wanted
  return contrastRatio(background, DARK_TEXT) >= contrastRatio(background, LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT
}
