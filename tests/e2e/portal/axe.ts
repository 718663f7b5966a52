// The portal specs' accessibility check: axe (WCAG 2.2 AA tags) finds nothing serious or critical, and
// the page does not scroll sideways at the width it is shown at.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** A desktop and a phone, the widths issue 24 asks for. */
export const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]

/**
 * axe over the page with the WCAG 2.2 AA tags, violations only (collecting every passing node's details is
 * most of axe's time, and nothing reads them). Legacy mode: each frame runs axe itself, without the blank
 * page the default mode opens to gather frames' results; our pages have no frames, and it measured three
 * to four times faster (0.2 to 0.5 s a page instead of 0.5 to 1.9 s, ADR 0078).
 */
function axeOver(page: Page) {
  return new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze()
}

/** What axe (WCAG 2.2 AA tags) finds serious or critical, one line per rule, and any sideways scroll. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  const results = await axeOver(page)
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const problems = serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  if (overflow > 0) problems.push(`scrolls sideways by ${overflow} px`)
  return problems
}

export async function expectAccessible(page: Page, what: string) {
  expect(await accessibilityProblems(page), what).toEqual([])
}

/** The page as loaded, at each width in turn (a desktop, then a phone), then back at the desktop. */
export async function expectAccessibleAtEveryWidth(page: Page, what: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size)
    await expectAccessible(page, `${what} (${size.name})`)
  }
  await page.setViewportSize(WIDTHS[0]!)
}
