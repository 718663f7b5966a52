import { describe, expect, it } from 'vitest'
import { MAX_SECTIONS, sectionOpen, toggleSection } from './sidebar-sections'

describe('sidebar sections', () => {
  const none = { expanded: [], collapsed: [] }

  it('opens the section of the current page by itself, and no other', () => {
    expect(sectionOpen(none, 'menu.orders', true)).toBe(true)
    expect(sectionOpen(none, 'menu.products', false)).toBe(false)
  })

  it('keeps the current section closed once the person closed it, until they open it again', () => {
    const closed = toggleSection(none, 'menu.orders', false)
    expect(sectionOpen(closed, 'menu.orders', true)).toBe(false)
    const reopened = toggleSection(closed, 'menu.orders', true)
    expect(reopened).toEqual({ expanded: ['menu.orders'], collapsed: [] })
    expect(sectionOpen(reopened, 'menu.orders', false)).toBe(true)
  })

  it('moves a label between the lists without touching the others, and caps both', () => {
    const start = { expanded: ['menu.orders', 'menu.products'], collapsed: ['menu.users'] }
    expect(toggleSection(start, 'menu.orders', false)).toEqual({ expanded: ['menu.products'], collapsed: ['menu.users', 'menu.orders'] })
    let many = none as { expanded: string[]; collapsed: string[] }
    for (let i = 0; i < MAX_SECTIONS + 5; i++) many = toggleSection(many, `s${i}`, true)
    expect(many.expanded).toHaveLength(MAX_SECTIONS)
    expect(many.expanded.at(-1)).toBe(`s${MAX_SECTIONS + 4}`)
  })
})
