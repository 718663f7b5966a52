// Pieces the workflow and product pages share: success dialog, archived switch, page size and pager, switches.
import { Form, Link, useLocation, useNavigate } from '@remix-run/react'
import { useEffect, useId, useState } from 'react'
import { cn } from '#app/ui/cn'
import { useHydrated } from '#app/ui/use-hydrated'

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

/** A switch drawn as a link: it works without JavaScript and keeps the rest of the query. */
export function LinkSwitch({ label, on, param }: { label: string; on: boolean; param: string }) {
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  if (on) params.delete(param)
  else params.set(param, 'true')
  params.delete('page')
  const search = params.toString()
  return (
    <Link to={`${location.pathname}${search ? `?${search}` : ''}`} role="switch" aria-checked={on} className="inline-flex items-center gap-2 text-sm text-gray-700">
      <SwitchTrack on={on} />
      {label}
    </Link>
  )
}

export function SwitchTrack({ on }: { on: boolean }) {
  return (
    <span aria-hidden="true" className={cn('relative inline-flex h-5 w-9 shrink-0 rounded-full transition-colors', on ? 'bg-brand-600' : 'bg-gray-300')}>
      <span className={cn('absolute top-0.5 size-4 rounded-full bg-white shadow transition-all', on ? 'left-4.5' : 'left-0.5')} />
    </span>
  )
}

/** Page size (50/100/200) and previous/next, both plain GET links and forms. */
export function Pager({ count, page, size, sizes = [50, 100, 200] }: { count: number; page: number; size: number; sizes?: readonly number[] }) {
  const location = useLocation()
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const pages = Math.max(1, Math.ceil(count / size))
  const hrefFor = (p: number) => {
    const params = new URLSearchParams(location.search)
    params.set('page', String(p))
    return `${location.pathname}?${params}`
  }
  const keep = [...new URLSearchParams(location.search).entries()].filter(([k]) => k !== 'size' && k !== 'page')
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 px-4 py-3 text-sm text-gray-600">
      <Form method="get" className="flex items-center gap-2">
        {keep.map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <label htmlFor="page-size">Rows per page</label>
        <select
          id="page-size"
          name="size"
          defaultValue={String(size)}
          className="rounded-md border-gray-300 py-1 text-sm ring-1 ring-gray-300"
          onChange={(e) => {
            const params = new URLSearchParams(keep)
            params.set('size', e.target.value)
            navigate(`${location.pathname}?${params}`)
          }}
        >
          {sizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        {hydrated ? null : (
          <button type="submit" className="rounded-md px-2 py-1 ring-1 ring-gray-300">
            Apply
          </button>
        )}
      </Form>
      <div className="flex items-center gap-3">
        <span>
          {count === 0 ? 0 : (page - 1) * size + 1}–{Math.min(count, page * size)} of {count}
        </span>
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} className="rounded-md px-2 py-1 ring-1 ring-gray-300">
            Previous
          </Link>
        ) : null}
        {page < pages ? (
          <Link to={hrefFor(page + 1)} className="rounded-md px-2 py-1 ring-1 ring-gray-300">
            Next
          </Link>
        ) : null}
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
      <button type="submit" role="switch" aria-checked={on} aria-label={ariaLabel ?? label} disabled={disabled} className="inline-flex items-center gap-2 text-sm text-gray-700 disabled:opacity-50">
        <SwitchTrack on={on} />
        <span>{label}</span>
      </button>
    </Form>
  )
}

export const thClass = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-gray-500'
export const tdClass = 'px-4 py-3 text-sm text-gray-700'

export function Tag({ children, tone = 'gray' }: { children: React.ReactNode; tone?: 'gray' | 'red' | 'amber' }) {
  const tones = { gray: 'bg-gray-100 text-gray-700', red: 'bg-red-50 text-red-700', amber: 'bg-amber-50 text-amber-800' }
  return <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium', tones[tone])}>{children}</span>
}
