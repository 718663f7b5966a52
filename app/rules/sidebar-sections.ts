// Which sidebar sections are open (issue 27): the section of the current page opens by itself, unless the
// person closed it; any other section is open when they opened it. Both lists are kept in the interface
// cookie by label, and one toggle moves a label from one list to the other.

export type SectionState = { expanded: string[]; collapsed: string[] }

/** Caps the lists so a crafted cookie cannot grow without bound. */
export const MAX_SECTIONS = 40

export function sectionOpen(state: SectionState, label: string, holdsCurrentPage: boolean): boolean {
  if (state.expanded.includes(label)) return true
  return holdsCurrentPage && !state.collapsed.includes(label)
}

export function toggleSection(state: SectionState, label: string, open: boolean): SectionState {
  const expanded = state.expanded.filter((l) => l !== label)
  const collapsed = state.collapsed.filter((l) => l !== label)
  return open ? { expanded: [...expanded, label].slice(-MAX_SECTIONS), collapsed } : { expanded, collapsed: [...collapsed, label].slice(-MAX_SECTIONS) }
}
