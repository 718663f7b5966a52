// A dialog whose open state lives in the URL (?new=1, ?edit=id): Headless UI Dialog with JavaScript,
// fetched when a dialog first opens (panel-dialog-headless.tsx, ADR 0077), the same content as a section
// of the page without it. Closing goes to `closeTo`.
import { Link } from '@remix-run/react'
import { type ReactNode, useEffect, useState } from 'react'
import { Card } from '#app/ui/card'
import { onDemand, useOnDemand } from '#app/ui/on-demand'
import { useHydrated } from '#app/ui/use-hydrated'

const headlessDialog = onDemand(() => import('./panel-dialog-headless'))

export function PanelDialog({ title, closeTo, children, wide }: { title: string; closeTo: string; children: ReactNode; wide?: boolean }) {
  const hydrated = useHydrated()
  // Opened on the client (a link to ?new=1): nothing until Headless UI's Dialog is there, a moment; opened
  // with the page: the section the server rendered stays until then. Either way the section if it fails.
  const [openedHere] = useState(hydrated)
  const dialog = useOnDemand(headlessDialog, hydrated)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (hydrated && !dialog) headlessDialog.load().catch(() => setFailed(true))
  }, [hydrated, dialog])
  useReturnFocus()
  if (dialog) {
    return (
      <dialog.HeadlessPanelDialog title={title} closeTo={closeTo} wide={wide}>
        {children}
      </dialog.HeadlessPanelDialog>
    )
  }
  if (openedHere && hydrated && !failed) return null
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
