// The phone's navigation (below md, ADR 0070): the top bar's menu button and the sidebar as a drawer over
// the page. Without JavaScript the button is a link to the sidebar's plain list after the content (#sidebar).
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { useEffect } from 'react'
import { t, type Language } from '#app/i18n/index'
import type { SidebarItem } from '#app/rules/routes'
import { Icon } from './icons'
import { SidebarNav } from './sidebar'
import type { ShellUiSettings } from './ui-settings-form'

/** The md breakpoint of Tailwind: from here up the sidebar sits beside the page and the drawer has no place. */
const DESKTOP = '(min-width: 768px)'

const BUTTON = 'portal-topbar-control rounded-md p-1.5 md:hidden'

/** The menu button: a button opening the drawer once hydrated, a link down to the sidebar's list before that. */
export function MenuButton({ lang, hydrated, open, onOpen }: { lang: Language; hydrated: boolean; open: boolean; onOpen: () => void }) {
  const content = (
    <>
      <Icon name="bars" className="size-6" />
      <span className="sr-only">{t(lang, 'top.menu')}</span>
    </>
  )
  if (!hydrated) {
    return (
      <a href="#sidebar" className={BUTTON}>
        {content}
      </a>
    )
  }
  return (
    <button type="button" aria-haspopup="dialog" aria-expanded={open} onClick={onOpen} className={BUTTON}>
      {content}
    </button>
  )
}

type DrawerProps = {
  open: boolean
  onClose: () => void
  items: SidebarItem[]
  settings: ShellUiSettings
  lang: Language
  brand: string
  here: { pathname: string; redirectTo: string }
  /** The portal colours (--portal-*): the dialog is portalled out of the shell's element that carries them. */
  theme?: React.CSSProperties
}

/**
 * The sidebar as a modal drawer: Headless UI's Dialog gives the focus trap, Escape, the backdrop's click
 * and focus back to the menu button; the shell closes it on navigation and when the window reaches md.
 */
export function SidebarDrawer({ open, onClose, items, settings, lang, brand, here, theme }: DrawerProps) {
  useEffect(() => {
    if (!open) return
    const desktop = window.matchMedia(DESKTOP)
    if (desktop.matches) return onClose()
    desktop.addEventListener('change', onClose)
    return () => desktop.removeEventListener('change', onClose)
  }, [open, onClose])
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50 md:hidden" style={theme}>
      <DialogBackdrop className="fixed inset-0 bg-black/30" data-testid="sidebar-backdrop" />
      <div className="fixed inset-0 flex">
        <DialogPanel lang={lang} className="portal-sidebar flex w-full max-w-xs flex-col overflow-y-auto shadow-xl">
          <div className="flex h-16 shrink-0 items-center justify-between gap-2 border-b border-gray-200 px-5">
            <DialogTitle className="portal-sidebar-brand truncate text-lg font-semibold">{brand}</DialogTitle>
            {/* Headless UI focuses the element marked data-autofocus when the dialog opens. */}
            <button type="button" onClick={onClose} data-autofocus className="portal-sidebar-link rounded-md p-1.5">
              <Icon name="close" className="size-6" />
              <span className="sr-only">{t(lang, 'top.closeMenu')}</span>
            </button>
          </div>
          <SidebarNav items={items} settings={{ ...settings, sidebar: 'default' }} lang={lang} here={here} />
        </DialogPanel>
      </div>
    </Dialog>
  )
}
