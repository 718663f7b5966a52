// The phone's drawer (ADR 0070): the sidebar as a modal dialog over the page, fetched the first time the
// menu button opens it (ADR 0077).
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { useEffect, useRef } from 'react'
import { t, type Language } from '#app/i18n/index'
import type { SidebarItem } from '#app/rules/routes'
import { Icon } from './icons'
import { SidebarNav } from './sidebar'
import type { ShellUiSettings } from './ui-settings-form'

/** The md breakpoint of Tailwind: from here up the sidebar sits beside the page and the drawer has no place. */
const DESKTOP = '(min-width: 768px)'

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
  /** The menu button, focused again when the drawer closes. */
  returnFocus: () => void
}

/**
 * The sidebar as a modal drawer: Headless UI's Dialog gives the focus trap, Escape, the backdrop's click
 * and focus back to the menu button; the shell closes it on navigation and when the window reaches md.
 */
export default function SidebarDrawer({ open, onClose, items, settings, lang, brand, here, theme, returnFocus }: DrawerProps) {
  // Headless UI gives the focus back to what had it before the dialog opened, as far as it saw: it did not
  // see the press that opened the drawer the first time (it arrived after), so the drawer does it too.
  const wasOpen = useRef(open)
  useEffect(() => {
    if (wasOpen.current && !open) returnFocus()
    wasOpen.current = open
  }, [open, returnFocus])
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
