// A dialog whose open state lives in the URL (?new=1, ?edit=id): Headless UI Dialog with JavaScript,
// the same content as a section of the page without it. Closing goes to `closeTo`.
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { Link, useNavigate } from '@remix-run/react'
import { type ReactNode, useEffect, useState } from 'react'
import { Card } from '#app/ui/card'
import { useHydrated } from '#app/ui/use-hydrated'

export function PanelDialog({ title, closeTo, children, wide }: { title: string; closeTo: string; children: ReactNode; wide?: boolean }) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  useReturnFocus()
  if (!hydrated) {
    return (
      <Card aria-label={title} className="border-l-4 border-brand-600">
        <div className="mb-4 flex items-center justify-between gap-4">
          <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
          <Link to={closeTo} className="text-sm font-medium text-brand-600 hover:underline">
            Close
          </Link>
        </div>
        {children}
      </Card>
    )
  }
  return (
    <Dialog open onClose={() => navigate(closeTo, { preventScrollReset: true })} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/30" />
      <div className="fixed inset-0 overflow-y-auto p-4">
        <div className="flex min-h-full items-start justify-center sm:items-center">
          <DialogPanel aria-label={title} className={`w-full ${wide ? 'max-w-3xl' : 'max-w-lg'} rounded-lg bg-white p-6 shadow-xl`}>
            <div className="mb-4 flex items-center justify-between gap-4">
              <DialogTitle className="text-lg font-semibold text-gray-900">{title}</DialogTitle>
              <Link to={closeTo} preventScrollReset aria-label="Close" className="rounded p-1 text-gray-500 hover:bg-gray-100">
                ✕
              </Link>
            </div>
            {children}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  )
}

type Opener = { element: HTMLElement; href: string | null }

/**
 * Focus goes back to the control that opened the dialog (issue 27, WCAG 2.4.3). Headless UI does that
 * when the dialog unmounts and its opener is still there; this dialog lives in the URL, so closing,
 * cancelling or submitting navigates, and a revalidated page may have replaced the opener. The opener is
 * noted when the dialog mounts and, if focus was left on <body>, found again (by its href when replaced).
 */
function useReturnFocus() {
  const [opener] = useState<Opener | null>(() => {
    if (typeof document === 'undefined') return null
    const active = document.activeElement
    if (!(active instanceof HTMLElement) || active === document.body) return null
    return { element: active, href: active.getAttribute('href') }
  })
  useEffect(() => {
    if (!opener) return
    return () => {
      requestAnimationFrame(() => {
        const now = document.activeElement
        // Someone else already placed focus (Headless UI's own return, or the next page): leave it.
        if (now && now !== document.body && now !== document.documentElement) return
        const target = opener.element.isConnected ? opener.element : opener.href ? document.querySelector<HTMLElement>(`a[href="${CSS.escape(opener.href)}"]`) : null
        target?.focus()
      })
    }
  }, [opener])
}
