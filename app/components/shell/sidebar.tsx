// The left navigation: only what sidebarFor allows, default or condensed, sections remembered by label.
// Below md (ADR 0070) the condensed setting does not apply: the list shows every label, as a drawer
// (phone-menu.tsx) with JavaScript, as a plain list after the page's content without it.
// Its links are plain anchors (RowLink) taken over by one click handler, and prefetched on hover or focus
// by one handler, as <NavLink prefetch="intent"> would, without a NavLink's router hooks per item.
import { PrefetchPageLinks } from '@remix-run/react'
import { type FocusEvent, type MouseEvent, useEffect, useState } from 'react'
import { t, type Language } from '#app/i18n/index'
import type { SidebarItem } from '#app/rules/routes'
import { cn } from '#app/ui/cn'
import { RowLink, useRowLinkClick } from '#app/ui/row-actions'
import { Icon, iconFor } from './icons'
import { type ShellUiSettings, UiSettingsForm } from './ui-settings-form'

const LINK = 'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium'
const ACTIVE_LINK = `${LINK} portal-sidebar-active`
// Colours come from the portal theme (tailwind.css .portal-*), defaulting to the house look.
const IDLE_LINK = `${LINK} portal-sidebar-link`

/** Where the page is: a link is current on its own path and below it, as NavLink decides. */
type Here = { pathname: string; redirectTo: string }

function isActive(path: string, pathname: string) {
  const to = path.toLowerCase()
  const here = pathname.toLowerCase()
  const end = to !== '/' && to.endsWith('/') ? to.length - 1 : to.length
  return here === to || (here.startsWith(to) && here.charAt(end) === '/')
}

function ItemLink({ item, lang, condensed, here, icon = true }: { item: SidebarItem; lang: Language; condensed: boolean; here: Here; icon?: boolean }) {
  const label = t(lang, item.label)
  // The external CRM (ADR 0049) opens in its own tab and is never "current".
  if (item.external) {
    return (
      <a href={item.path} target="_blank" rel="noopener noreferrer" className={IDLE_LINK} title={condensed ? label : undefined}>
        <span className={cn(condensed && icon && 'md:sr-only')}>{label}</span>
      </a>
    )
  }
  const active = isActive(item.path!, here.pathname)
  return (
    <RowLink to={item.path!} aria-current={active ? 'page' : undefined} className={active ? ACTIVE_LINK : IDLE_LINK} title={condensed ? label : undefined}>
      {icon && <Icon name={iconFor(item.label)} className="portal-sidebar-icon size-5 shrink-0" />}
      <span className={cn(condensed && icon && 'md:sr-only')}>{label}</span>
    </RowLink>
  )
}

/** The page a link points at while the pointer or focus rests on it for 100 ms (Remix's prefetch="intent"). */
function usePrefetchIntent() {
  const [intent, setIntent] = useState<string | null>(null)
  const [prefetch, setPrefetch] = useState<string | null>(null)
  useEffect(() => {
    if (!intent) return setPrefetch(null)
    const timer = setTimeout(() => setPrefetch(intent), 100)
    return () => clearTimeout(timer)
  }, [intent])
  const enter = (event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    const anchor = (event.target as Element).closest?.('a[data-row-link]')
    setIntent(anchor instanceof HTMLAnchorElement && anchor.origin === window.location.origin ? anchor.pathname : null)
  }
  const leave = () => setIntent(null)
  return { prefetch, handlers: { onMouseOver: enter, onFocus: enter, onMouseLeave: leave, onBlur: leave } }
}

function Section({ item, lang, condensed, settings, here }: { item: SidebarItem; lang: Language; condensed: boolean; settings: ShellUiSettings; here: Here }) {
  const label = t(lang, item.label)
  const children = item.children ?? []
  // Open is the person's choice, remembered by label (the spec). The section of the current page is marked
  // and, while closed, still shows the current page under it, so the sidebar always says where one is.
  const open = settings.expanded.includes(item.label)
  const currentChildren = children.filter((child) => !child.external && isActive(child.path!, here.pathname))
  const current = currentChildren.length > 0
  const shown = open ? children : currentChildren
  if (condensed) {
    // Condensed sections open as a flyout on hover or keyboard focus, which needs no script. Below md
    // (the no-JS list of a phone) the flyout is a plain nested list under its labelled heading.
    return (
      <li className="group relative">
        <span
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the flyout opens on focus-within without script, so its trigger must take keyboard focus
          tabIndex={0}
          title={label}
          className={cn(current ? 'portal-sidebar-active' : 'portal-sidebar-link', 'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium md:justify-center')}
        >
          <Icon name={iconFor(item.label)} className="portal-sidebar-icon size-5 shrink-0" />
          <span className="md:sr-only">{label}</span>
        </span>
        <div className="ml-8 md:absolute md:top-0 md:left-full md:z-20 md:ml-0 md:hidden md:w-56 md:pl-2 md:group-focus-within:block md:group-hover:block">
          <ul className="portal-sidebar space-y-1 border-l border-gray-200 pl-2 md:rounded-md md:border-l-0 md:p-2 md:shadow-lg md:ring-1 md:ring-black/5">
            <li className="portal-sidebar-heading hidden px-3 py-1 text-xs font-semibold tracking-wide uppercase md:block">{label}</li>
            {children.map((child) => (
              <li key={child.path}>
                <ItemLink item={child} lang={lang} condensed={false} here={here} icon={false} />
              </li>
            ))}
          </ul>
        </div>
      </li>
    )
  }
  return (
    <li>
      <UiSettingsForm redirectTo={here.redirectTo}>
        <input type="hidden" name="intent" value="section" />
        <input type="hidden" name="label" value={item.label} />
        <button
          type="submit"
          name="expanded"
          value={open ? 'false' : 'true'}
          aria-expanded={open}
          data-current-section={current ? 'true' : undefined}
          className={cn('portal-sidebar-link flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm', current ? 'font-semibold' : 'font-medium')}
        >
          <Icon name={iconFor(item.label)} className="portal-sidebar-icon size-5 shrink-0" />
          <span className="flex-1">{label}</span>
          <Icon name="chevronDown" className={cn('size-4 transition-transform', open && 'rotate-180')} />
        </button>
      </UiSettingsForm>
      {shown.length > 0 && (
        <ul className="mt-1 ml-8 space-y-1 border-l border-gray-200 pl-2">
          {shown.map((child) => (
            <li key={child.path}>
              <ItemLink item={child} lang={lang} condensed={false} here={here} icon={false} />
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

type SidebarProps = { items: SidebarItem[]; settings: ShellUiSettings; lang: Language; here: Here }

/** The navigation itself: the sidebar's, and the phone drawer's (always with its labels, never condensed). */
export function SidebarNav({ items, settings, lang, here }: SidebarProps) {
  const condensed = settings.sidebar === 'condensed'
  const onClick = useRowLinkClick()
  const { prefetch, handlers } = usePrefetchIntent()
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegated: the clicks come from the links and buttons inside, which the keyboard activates too
    <nav aria-label="Main" className="flex-1 overflow-y-visible p-2" onClick={onClick} {...handlers}>
      <ul className="space-y-1">
        {items.map((item) =>
          item.children ? (
            <Section key={item.label} item={item} lang={lang} condensed={condensed} settings={settings} here={here} />
          ) : (
            <li key={item.path}>
              <ItemLink item={item} lang={lang} condensed={condensed} here={here} />
            </li>
          ),
        )}
      </ul>
      {prefetch ? <PrefetchPageLinks page={prefetch} /> : null}
    </nav>
  )
}

/**
 * The sidebar beside the page from md up. Below md, once hydrated, it is hidden (the top bar's menu button
 * opens the drawer instead); before that and without JavaScript it is the full-width list after the page's
 * content, `#sidebar`, that the top bar's menu link jumps to (ADR 0070).
 */
export function Sidebar({ brand, hydrated, ...props }: SidebarProps & { brand: string; hydrated: boolean }) {
  const condensed = props.settings.sidebar === 'condensed'
  return (
    <aside
      id="sidebar"
      lang={props.lang}
      data-sidebar-mode={props.settings.sidebar}
      className={cn(
        'portal-sidebar order-last shrink-0 flex-col border-t border-gray-200 md:order-none md:flex md:border-t-0 md:border-r md:transition-[width]',
        hydrated ? 'hidden' : 'flex w-full',
        condensed ? 'md:w-16' : 'md:w-64',
      )}
    >
      <div className={cn('flex h-16 items-center border-b border-gray-200 px-5', condensed && 'md:justify-center md:px-0')}>
        <span className="portal-sidebar-brand truncate text-lg font-semibold" title={brand}>
          {condensed ? (
            <>
              <span className="md:hidden">{brand}</span>
              <span className="hidden md:inline">{brand.slice(0, 1)}</span>
            </>
          ) : (
            brand
          )}
        </span>
      </div>
      <SidebarNav {...props} />
    </aside>
  )
}
