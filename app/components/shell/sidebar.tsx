// The left navigation: only what sidebarFor allows, default or condensed, sections remembered by label.
import { NavLink } from '@remix-run/react'
import { t, type Language } from '#app/i18n/index'
import type { SidebarItem } from '#app/rules/routes'
import { cn } from '#app/ui/cn'
import { Icon, iconFor } from './icons'
import { type ShellUiSettings, UiSettingsForm } from './ui-settings-form'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
  )

function ItemLink({ item, lang, condensed, icon = true }: { item: SidebarItem; lang: Language; condensed: boolean; icon?: boolean }) {
  const label = t(lang, item.label)
  return (
    <NavLink to={item.path!} prefetch="intent" className={linkClass} title={condensed ? label : undefined}>
      {icon && <Icon name={iconFor(item.label)} className="size-5 shrink-0" />}
      <span className={cn(condensed && icon && 'sr-only')}>{label}</span>
    </NavLink>
  )
}

function Section({ item, lang, condensed, open }: { item: SidebarItem; lang: Language; condensed: boolean; open: boolean }) {
  const label = t(lang, item.label)
  const children = item.children ?? []
  if (condensed) {
    // Condensed sections open as a flyout on hover or keyboard focus, which needs no script.
    return (
      <li className="group relative">
        <span tabIndex={0} title={label} className="flex items-center justify-center rounded-md px-3 py-2 text-gray-700 hover:bg-gray-100">
          <Icon name={iconFor(item.label)} className="size-5" />
          <span className="sr-only">{label}</span>
        </span>
        <div className="absolute top-0 left-full z-20 hidden w-56 pl-2 group-focus-within:block group-hover:block">
          <ul className="space-y-1 rounded-md bg-white p-2 shadow-lg ring-1 ring-black/5">
            <li className="px-3 py-1 text-xs font-semibold tracking-wide text-gray-500 uppercase">{label}</li>
            {children.map((child) => (
              <li key={child.path}>
                <ItemLink item={child} lang={lang} condensed={false} icon={false} />
              </li>
            ))}
          </ul>
        </div>
      </li>
    )
  }
  return (
    <li>
      <UiSettingsForm>
        <input type="hidden" name="intent" value="section" />
        <input type="hidden" name="label" value={item.label} />
        <button
          type="submit"
          name="expanded"
          value={open ? 'false' : 'true'}
          aria-expanded={open}
          className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900"
        >
          <Icon name={iconFor(item.label)} className="size-5 shrink-0" />
          <span className="flex-1">{label}</span>
          <Icon name="chevronDown" className={cn('size-4 transition-transform', open && 'rotate-180')} />
        </button>
      </UiSettingsForm>
      {open && (
        <ul className="mt-1 ml-8 space-y-1 border-l border-gray-200 pl-2">
          {children.map((child) => (
            <li key={child.path}>
              <ItemLink item={child} lang={lang} condensed={false} icon={false} />
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

export function Sidebar({ items, settings, lang, brand }: { items: SidebarItem[]; settings: ShellUiSettings; lang: Language; brand: string }) {
  const condensed = settings.sidebar === 'condensed'
  return (
    <aside
      data-sidebar-mode={settings.sidebar}
      className={cn('flex shrink-0 flex-col border-r border-gray-200 bg-white transition-[width]', condensed ? 'w-16' : 'w-64')}
    >
      <div className={cn('flex h-16 items-center border-b border-gray-200', condensed ? 'justify-center' : 'px-5')}>
        <span className="truncate text-lg font-semibold text-brand-600" title={brand}>
          {condensed ? brand.slice(0, 1) : brand}
        </span>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-visible p-2">
        <ul className="space-y-1">
          {items.map((item) =>
            item.children ? (
              <Section key={item.label} item={item} lang={lang} condensed={condensed} open={settings.expanded.includes(item.label)} />
            ) : (
              <li key={item.path}>
                <ItemLink item={item} lang={lang} condensed={condensed} />
              </li>
            ),
          )}
        </ul>
      </nav>
    </aside>
  )
}
