// An on/off switch that posts one change: a plain form post without JavaScript (the page redirects
// back with the message as a toast), an optimistic fetcher with it (the message shows for a moment).
// SwitchForm stands alone (a dialog's switches); RowSwitch is the hook-free one for table rows.
import { useFetcher } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { SwitchTrack } from '#app/components/data-table'
import { FETCHER_FIELD } from '#app/rules/fetcher-field'
import { RowAnswer, type RowFetcherState, RowForm } from '#app/ui/row-actions'
import { useHydrated } from '#app/ui/use-hydrated'

export type SwitchFormProps = {
  intent: string
  id: string
  on: boolean
  /** Accessible name, e.g. 'Active' plus the row's name. */
  label: string
  /** Visible text next to the switch (the label stays the accessible name). */
  text?: string
  action?: string
  disabled?: boolean
}

const MESSAGE_MS = 2000

export function SwitchForm({ intent, id, on, label, text, action, disabled }: SwitchFormProps) {
  const fetcher = useFetcher<{ ok?: boolean; error?: string; message?: string }>()
  const hydrated = useHydrated()
  const [message, setMessage] = useState<string | null>(null)
  // While the post is on its way (or after it failed) the switch shows what was asked, or reverts.
  const pending = fetcher.formData?.get('value')
  const shown = pending !== undefined && pending !== null ? pending === 'true' : on

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data?.ok || !fetcher.data.message) return
    setMessage(fetcher.data.message)
    const timer = setTimeout(() => setMessage(null), MESSAGE_MS)
    return () => clearTimeout(timer)
  }, [fetcher.state, fetcher.data])

  return (
    <fetcher.Form method="post" action={action} className="inline-flex items-center gap-2" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {hydrated ? <input type="hidden" name={FETCHER_FIELD} value="1" /> : null}
      {/* The button carries the new value (a submitter's name and value are posted, with or without JavaScript). */}
      <button type="submit" name="value" value={String(!shown)} role="switch" aria-checked={shown} aria-label={label} disabled={disabled} className="switch-button">
        <SwitchTrack on={shown} />
        {text ? <span>{text}</span> : null}
      </button>
      {fetcher.data?.error ? (
        <span role="alert" className="text-xs text-red-600">
          {fetcher.data.error}
        </span>
      ) : null}
      {message ? (
        <span role="status" className="text-xs font-medium text-green-700">
          {message}
        </span>
      ) : null}
    </fetcher.Form>
  )
}

/** The row fetcher key of a switch: one per row and switch, so two rows (or two switches) post independently. */
export const rowSwitchKey = (intent: string, id: string) => `${intent}:${id}`

/**
 * SwitchForm for table rows: a plain form that the table's one submit handler (useRowActions) posts as a
 * fetcher, to the page itself. `state` is the row's fetcher state from the table (the value on its way
 * shows at once). The button is the track and its ::after the thumb (.row-switch): two elements fewer a row.
 */
export function RowSwitch({ intent, id, on, label, state }: { intent: string; id: string; on: boolean; label: string; state: RowFetcherState }) {
  const pending = state.pending?.get('value')
  const shown = typeof pending === 'string' ? pending === 'true' : on
  return (
    <RowForm fetcherKey={rowSwitchKey(intent, id)} className="inline-flex items-center gap-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="value" value={String(!shown)} role="switch" aria-checked={shown} aria-label={label} className="row-switch" />
      {state.sent ? <RowAnswer fetcherKey={rowSwitchKey(intent, id)} /> : null}
    </RowForm>
  )
}
