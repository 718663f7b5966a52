// Headless UI's menu and popover behind the top bar's buttons, fetched on first use (menu.tsx, ADR 0077).
import { Menu, MenuButton, MenuItem, MenuItems, Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { Link } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { type MenuActivation, MenuCloseContext, type MenuLink, menuButtonClass, menuItemClass, menuPanelClass, popoverPanelClass } from './menu'

/** Gives the loaded button the focus and opens it the way the plain button was pressed. */
function useReplay(activation: MenuActivation | null) {
  const button = useRef<HTMLButtonElement>(null)
  const replayed = useRef(false)
  useEffect(() => {
    const el = button.current
    if (replayed.current || !el || !activation) return
    replayed.current = true
    el.focus()
    if (activation === 'click') el.click()
    else el.dispatchEvent(new KeyboardEvent('keydown', { key: activation, bubbles: true, cancelable: true }))
  }, [activation])
  return button
}

type LinkMenuProps = { label?: string; button: React.ReactNode; header?: React.ReactNode; items: MenuLink[]; activation: MenuActivation | null }

export function HeadlessLinkMenu({ label, button, header, items, activation }: LinkMenuProps) {
  const ref = useReplay(activation)
  return (
    <Menu as="div" className="relative">
      <MenuButton ref={ref} aria-label={label} className={menuButtonClass}>
        {button}
      </MenuButton>
      <MenuItems anchor="bottom end" className={menuPanelClass}>
        {header}
        {items.map((item) => (
          <MenuItem key={item.to}>
            <Link to={item.to} reloadDocument={item.reloadDocument} className={menuItemClass}>
              {item.label}
            </Link>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  )
}

type PopoverMenuProps = { label: string; button: React.ReactNode; children: React.ReactNode; width: string; activation: MenuActivation | null }

export function HeadlessPopoverMenu({ label, button, children, width, activation }: PopoverMenuProps) {
  const ref = useReplay(activation)
  return (
    <Popover className="relative">
      <PopoverButton ref={ref} aria-label={label} className={menuButtonClass}>
        {button}
      </PopoverButton>
      <PopoverPanel anchor="bottom end" className={popoverPanelClass(width)}>
        {({ close }) => <MenuCloseContext.Provider value={() => close()}>{children}</MenuCloseContext.Provider>}
      </PopoverPanel>
    </Popover>
  )
}
