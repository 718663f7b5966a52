// Pieces the workflow and product pages share: success dialog, a posting switch, tags.
import { Form } from '@remix-run/react'
import { useEffect, useId, useState } from 'react'
import { SwitchTrack } from '#app/components/data-table'
import { cn } from '#app/ui/cn'

/** A success dialog; with JavaScript it closes by itself after `autoCloseMs`. */
export function SuccessDialog({ message, autoCloseMs = 3000, onClose }: { message: string | null; autoCloseMs?: number; onClose?: () => void }) {
  const [open, setOpen] = useState(!!message)
  const id = useId()
  useEffect(() => setOpen(!!message), [message])
  useEffect(() => {
    if (!open || !autoCloseMs) return
    const timer = setTimeout(() => {
      setOpen(false)
      onClose?.()
    }, autoCloseMs)
    return () => clearTimeout(timer)
  }, [open, autoCloseMs, onClose])
  if (!open || !message) return null
  return (
    <div className="fixed inset-0 z-40 flex items-start justify-center bg-black/20 p-4 pt-24">
      <div role="dialog" aria-modal="true" aria-labelledby={id} className="w-full max-w-sm rounded-lg bg-white p-6 text-center shadow-xl ring-1 ring-gray-200">
        <div className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-green-100 text-2xl text-green-700" aria-hidden="true">
          ✓
        </div>
        <p id={id} className="text-base font-medium text-gray-900">
          {message}
        </p>
        <button
          type="button"
          className="mt-4 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          onClick={() => {
            setOpen(false)
            onClose?.()
          }}
        >
          OK
        </button>
      </div>
    </div>
  )
}

/** A one-field POST form drawn as a switch: works without JavaScript; the page handles `intent`. */
export function SwitchForm({ label, on, intent, id, disabled, ariaLabel }: { label: string; on: boolean; intent: string; id: string; disabled?: boolean; ariaLabel?: string }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="value" value={on ? 'false' : 'true'} />
      <button
        type="submit"
        role="switch"
        aria-checked={on}
        aria-label={ariaLabel ?? label}
        disabled={disabled}
        className="inline-flex items-center gap-2 text-sm text-gray-700 disabled:opacity-50"
      >
        <SwitchTrack on={on} />
        <span>{label}</span>
      </button>
    </Form>
  )
}

export function Tag({ children, tone = 'gray' }: { children: React.ReactNode; tone?: 'gray' | 'red' | 'amber' }) {
  const tones = { gray: 'bg-gray-100 text-gray-700', red: 'bg-red-50 text-red-700', amber: 'bg-amber-50 text-amber-800' }
  return <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium', tones[tone])}>{children}</span>
}
