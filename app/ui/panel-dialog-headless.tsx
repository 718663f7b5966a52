// Headless UI's Dialog for PanelDialog (panel-dialog.tsx), fetched when a dialog first opens (ADR 0077).
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { Link, useNavigate } from '@remix-run/react'
import type { ReactNode } from 'react'

export function HeadlessPanelDialog({ title, closeTo, children, wide }: { title: string; closeTo: string; children: ReactNode; wide?: boolean }) {
  const navigate = useNavigate()
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
