// Outline icons (Heroicons paths) for the sidebar and top bar. The paths live in one SVG sprite (icons.svg, a
// hashed, cached file like the scripts), which each icon references by name: no icon path is in the JavaScript
// of a page (issue 27's weight, ADR 0106), and the icons draw the same with JavaScript off.
import spriteHref from './icons.svg?url'

/** The sprite's symbols (icons.test.ts checks that icons.svg has exactly these). */
export const ICON_NAMES = [
  'home',
  'bag',
  'cube',
  'users',
  'userCircle',
  'chat',
  'card',
  'folder',
  'bell',
  'briefcase',
  'banknotes',
  'identification',
  'userGroup',
  'cog',
  'chartLine',
  'funnel',
  'key',
  'building',
  'stack',
  'ticket',
  'clipboardList',
  'documentText',
  'shieldCheck',
  'chevronDown',
  'collapse',
  'expand',
  'bars',
  'close',
] as const

export type IconName = (typeof ICON_NAMES)[number]

export function Icon({ name, className = 'size-5' }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} className={className}>
      <use href={`${spriteHref}#${name}`} />
    </svg>
  )
}

// One icon per top-level item, none shared (issue 27): a row of icons is only a guide when each differs.
const BY_LABEL: Record<string, IconName> = {
  'menu.dashboard': 'home',
  'menu.myWork': 'briefcase',
  'menu.earnings': 'banknotes',
  'menu.myProfile': 'identification',
  'menu.orders': 'bag',
  'menu.products': 'cube',
  'menu.customers': 'users',
  'menu.users': 'userCircle',
  'menu.websiteSettings': 'cog',
  'menu.crm': 'chartLine',
  'menu.leads': 'funnel',
  'menu.chat': 'chat',
  'menu.billing': 'card',
  'menu.platformUsers': 'userGroup',
  'menu.roles': 'key',
  'menu.clients': 'building',
  'menu.packages': 'stack',
  'menu.promotions': 'ticket',
  'menu.formTemplates': 'clipboardList',
  'menu.contractTemplates': 'documentText',
  'menu.auditLogs': 'shieldCheck',
}

export function iconFor(label: string): IconName {
  return BY_LABEL[label] ?? 'folder'
}
