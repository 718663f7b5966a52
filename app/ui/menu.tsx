// Drop-down menus: Headless UI once hydrated, a native <details> before that (and without JavaScript).
import { Menu, MenuButton, MenuItem, MenuItems, Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { Link } from '@remix-run/react'
import { cn } from './cn'
import { useHydrated } from './use-hydrated'

export type MenuLink = { label: string; to: string; reloadDocument?: boolean }

const panelBase = 'z-30 mt-2 origin-top-right rounded-md bg-white py-1 shadow-lg ring-1 ring-black/5 focus:outline-none'
const panelClass = cn(panelBase, 'w-56')
const itemClass = 'block px-4 py-2 text-sm text-gray-700 data-focus:bg-gray-100 hover:bg-gray-100'
const buttonClass =
  'portal-topbar-control flex items-center gap-2 rounded-md p-1.5 focus-visible:outline-2 focus-visible:outline-brand-600 cursor-pointer list-none [&::-webkit-details-marker]:hidden'

/**
 * `label` names an icon-only button (aria-label); a button that shows text leaves it out, so its name is
 * that text (plus any visually hidden words) and contains what is seen (WCAG 2.5.3, axe label-content-name-mismatch).
 */
function Fallback({ label, button, children, panel = panelClass }: { label?: string; button: React.ReactNode; children: React.ReactNode; panel?: string }) {
  return (
    <details className="relative">
      <summary aria-label={label} className={buttonClass}>
        {button}
      </summary>
      <div className={cn(panel, 'absolute right-0')}>{children}</div>
    </details>
  )
}

/** A menu of links; every link stays reachable without JavaScript. */
export function LinkMenu({ label, button, header, items }: { label?: string; button: React.ReactNode; header?: React.ReactNode; items: MenuLink[] }) {
  const hydrated = useHydrated()
  const links = (wrap: (link: MenuLink, el: React.ReactElement) => React.ReactNode) =>
    items.map((item) =>
      wrap(
        item,
        <Link key={item.to} to={item.to} reloadDocument={item.reloadDocument} className={itemClass}>
          {item.label}
        </Link>,
      ),
    )
  if (!hydrated) {
    return (
      <Fallback label={label} button={button}>
        {header}
        {links((_, el) => el)}
      </Fallback>
    )
  }
  return (
    <Menu as="div" className="relative">
      <MenuButton aria-label={label} className={buttonClass}>
        {button}
      </MenuButton>
      <MenuItems anchor="bottom end" className={panelClass}>
        {header}
        {links((item, el) => (
          <MenuItem key={item.to}>{el}</MenuItem>
        ))}
      </MenuItems>
    </Menu>
  )
}

/** A button that opens a panel of free content (notifications); `width` replaces the panel's default w-56. */
export function PopoverMenu({ label, button, children, width = 'w-56' }: { label: string; button: React.ReactNode; children: React.ReactNode; width?: string }) {
  const hydrated = useHydrated()
  const panel = cn(panelBase, width)
  if (!hydrated) {
    return (
      <Fallback label={label} button={button} panel={panel}>
        {children}
      </Fallback>
    )
  }
  return (
    <Popover className="relative">
      <PopoverButton aria-label={label} className={buttonClass}>
        {button}
      </PopoverButton>
      <PopoverPanel anchor="bottom end" className={panel}>
        {children}
      </PopoverPanel>
    </Popover>
  )
}
