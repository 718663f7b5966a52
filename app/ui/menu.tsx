// Drop-down menus: a native <details> before hydration (and without JavaScript); once hydrated, a button
// that fetches Headless UI's menu (menu-headless.tsx) the first time it is pointed at, focused or pressed,
// then hands over to it and opens it the way it was asked (click, Enter, Space, arrow): issue 27, ADR 0077.
import { Link } from '@remix-run/react'
import { createContext, type KeyboardEvent, useContext, useState } from 'react'
import { cn } from './cn'
import { onDemand, useOnDemand } from './on-demand'
import { useHydrated } from './use-hydrated'

export type MenuLink = { label: string; to: string; reloadDocument?: boolean }

/** How the plain button was pressed: the loaded one takes the focus and opens the same way. */
export type MenuActivation = 'click' | 'Enter' | ' ' | 'ArrowDown' | 'ArrowUp'

const panelBase = 'z-30 mt-2 origin-top-right rounded-md bg-white py-1 shadow-lg ring-1 ring-black/5 focus:outline-none'
export const menuPanelClass = cn(panelBase, 'w-56')
export const menuItemClass = 'block px-4 py-2 text-sm text-gray-700 data-focus:bg-gray-100 hover:bg-gray-100'
export const menuButtonClass =
  'portal-topbar-control flex items-center gap-2 rounded-md p-1.5 focus-visible:outline-2 focus-visible:outline-brand-600 cursor-pointer list-none [&::-webkit-details-marker]:hidden'
export const popoverPanelClass = (width: string) => cn(panelBase, width)

const headless = onDemand(() => import('./menu-headless'))

/** Closes the open popover: its panel's links call it (Headless UI's CloseButton, without importing it up front). */
export const MenuCloseContext = createContext<() => void>(() => {})
export const useCloseMenu = () => useContext(MenuCloseContext)

/**
 * `label` names an icon-only button (aria-label); a button that shows text leaves it out, so its name is
 * that text (plus any visually hidden words) and contains what is seen (WCAG 2.5.3, axe label-content-name-mismatch).
 */
function Fallback({ label, button, children, panel = menuPanelClass }: { label?: string; button: React.ReactNode; children: React.ReactNode; panel?: string }) {
  return (
    <details className="relative">
      <summary aria-label={label} className={buttonClass}>
        {button}
      </summary>
      <div className={cn(panel, 'absolute right-0')}>{children}</div>
    </details>
  )
}
const buttonClass = menuButtonClass

const OPENING_KEYS = new Set<string>(['Enter', ' ', 'ArrowDown', 'ArrowUp'])

/**
 * The hydrated button until it is first pressed: the same look and name as Headless UI's, fetching it when
 * pointed at or focused. Only a press hands over (never a mere hover or focus: a button replaced between a
 * click's mousedown and its mouseup would lose the click), and the press is replayed on the loaded button.
 */
function useMenuHandOver() {
  const hydrated = useHydrated()
  const [wanted, setWanted] = useState(false)
  const [activation, setActivation] = useState<MenuActivation | null>(null)
  const module = useOnDemand(headless, wanted)
  const want = () => setWanted(true)
  const trigger = (label: string | undefined, popup: 'menu' | undefined, button: React.ReactNode) => (
    <div className="relative">
      <button
        type="button"
        aria-label={label}
        aria-haspopup={popup}
        aria-expanded={false}
        className={buttonClass}
        onPointerEnter={want}
        onFocus={want}
        onClick={() => {
          want()
          setActivation('click')
        }}
        // A menu opens on Enter, Space and the arrows with its first (last) item active; a popover's button
        // only clicks (Enter, Space), which the click above replays.
        onKeyDown={(e: KeyboardEvent) => {
          if (!popup || !OPENING_KEYS.has(e.key)) return
          e.preventDefault()
          want()
          setActivation(e.key as MenuActivation)
        }}
        onKeyUp={(e: KeyboardEvent) => popup && e.key === ' ' && e.preventDefault()}
      >
        {button}
      </button>
    </div>
  )
  return { hydrated, module, activation, trigger }
}

/** A menu of links; every link stays reachable without JavaScript. */
export function LinkMenu({ label, button, header, items }: { label?: string; button: React.ReactNode; header?: React.ReactNode; items: MenuLink[] }) {
  const { hydrated, module, activation, trigger } = useMenuHandOver()
  if (!hydrated) {
    return (
      <Fallback label={label} button={button}>
        {header}
        {items.map((item) => (
          <Link key={item.to} to={item.to} reloadDocument={item.reloadDocument} className={menuItemClass}>
            {item.label}
          </Link>
        ))}
      </Fallback>
    )
  }
  if (!module || !activation) return trigger(label, 'menu', button)
  return <module.HeadlessLinkMenu label={label} button={button} header={header} items={items} activation={activation} />
}

/** A button that opens a panel of free content (notifications); `width` replaces the panel's default w-56. */
export function PopoverMenu({ label, button, children, width = 'w-56' }: { label: string; button: React.ReactNode; children: React.ReactNode; width?: string }) {
  const { hydrated, module, activation, trigger } = useMenuHandOver()
  if (!hydrated) {
    return (
      <Fallback label={label} button={button} panel={popoverPanelClass(width)}>
        {children}
      </Fallback>
    )
  }
  // Like Headless UI's PopoverButton: no aria-haspopup, aria-expanded tells that it opens something.
  if (!module || !activation) return trigger(label, undefined, button)
  return (
    <module.HeadlessPopoverMenu label={label} button={button} width={width} activation={activation}>
      {children}
    </module.HeadlessPopoverMenu>
  )
}
