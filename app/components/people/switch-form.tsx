// An on/off switch that posts one change: a plain form post without JavaScript, an optimistic fetcher with it.
import { useFetcher } from '@remix-run/react'
import { SwitchTrack } from '#app/components/data-table'

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

export function SwitchForm({ intent, id, on, label, text, action, disabled }: SwitchFormProps) {
  const fetcher = useFetcher<{ ok?: boolean; error?: string }>()
  // While the post is on its way (or after it failed) the switch shows what was asked, or reverts.
  const pending = fetcher.formData?.get('value')
  const shown = pending !== undefined && pending !== null ? pending === 'true' : on
  return (
    <fetcher.Form method="post" action={action} className="inline-flex items-center gap-2" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="value" value={String(!shown)} />
      <button type="submit" role="switch" aria-checked={shown} aria-label={label} disabled={disabled} className="inline-flex cursor-pointer items-center gap-2 text-sm disabled:cursor-not-allowed disabled:opacity-50">
        <SwitchTrack on={shown} />
        {text ? <span>{text}</span> : null}
      </button>
      {fetcher.data?.error ? (
        <span role="alert" className="text-xs text-red-600">
          {fetcher.data.error}
        </span>
      ) : null}
    </fetcher.Form>
  )
}
