import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { APP_ROUTES, SIDEBAR_SECTIONS } from '#app/rules/routes'
import { ICON_NAMES, iconFor } from './icons'

describe('sidebar icons', () => {
  it('give every top-level sidebar item an icon of its own', () => {
    // A flat section shows its pages at the top level; any other section shows itself.
    const topLevel = SIDEBAR_SECTIONS.flatMap((section) => (section.flat ? APP_ROUTES.filter((r) => r.section === section.key && r.label).map((r) => r.label!) : [section.label]))
    const icons = topLevel.map((label) => [label, iconFor(label)] as const)
    expect(icons.filter(([, icon]) => icon === 'folder')).toEqual([])
    expect(new Set(icons.map(([, icon]) => icon)).size).toBe(new Set(topLevel).size)
  })

  it('draw from a sprite with one symbol per name, each a path', () => {
    const sprite = fs.readFileSync(new URL('./icons.svg', import.meta.url), 'utf8')
    const symbols = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24"><path [^>]*\bd="[^"]+" \/><\/symbol>/g)].map(([, id]) => id)
    expect(symbols).toEqual([...ICON_NAMES])
    expect(sprite.match(/<symbol /g)).toHaveLength(ICON_NAMES.length)
  })
})
