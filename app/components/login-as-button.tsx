// 'Login As User' / 'Login As Contributor' / 'Login As Client': with JavaScript, POST the JSON init route and
// open the single-use link in a new window; without it, the form posts to the page (new window), which
// answers with a redirect to the link. LoginAsRowForm is the hook-free one for table rows.
import { useState } from 'react'
import { rowActionClass, RowAnswer, type RowFetcherState, RowForm } from '#app/ui/row-actions'

export const LOGIN_AS_FAILED = 'Unexpected Error Please Try again'

export type LoginAsButtonProps = {
  /** The JSON route that makes the link, e.g. /api/client/autologin/init. */
  endpoint: string
  /** Its payload ({_id, type}). */
  body: Record<string, string>
  /** The hidden fields of the no-JavaScript post to the page's action. */
  fields: Record<string, string>
  label: string
  /** The accessible name (the label plus whom it signs in as). */
  ariaLabel: string
  className?: string
}

export function LoginAsButton({ endpoint, body, fields, label, ariaLabel, className }: LoginAsButtonProps) {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setError(null)
    setBusy(true)
    // Opened before the await, so popup blockers see it come from the click.
    const win = window.open('', '_blank')
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(body),
      })
      const answer = (await response.json().catch(() => null)) as { status?: boolean; link?: string; error?: string; message?: string } | null
      if (!response.ok || !answer?.status || !answer.link) throw new Error(answer?.error || answer?.message || LOGIN_AS_FAILED)
      if (win) win.location.href = answer.link
      else window.location.href = answer.link
    } catch (e) {
      win?.close()
      setError(e instanceof Error ? e.message : LOGIN_AS_FAILED)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form method="post" target="_blank" onSubmit={onSubmit} className={className}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" disabled={busy} className={rowActionClass()} aria-label={ariaLabel}>
        {label}
      </button>
      {error ? (
        <p role="alert" className="mt-1 text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </form>
  )
}

export const loginAsKey = (id: string) => `login-as:${id}`

/**
 * A row's log-in-as: a form posting (into a new window) to the page itself, whose action answers a plain
 * post with a redirect to the link. With JavaScript the table's submit handler posts it as a fetcher:
 * the action answers { link }, which opens in the window the click opened; an error shows in the row.
 * `type` is posted only where the page's action needs it (its default is the page's own kind).
 */
export function LoginAsRowForm({ id, type, label, ariaLabel, state }: { id: string; type?: string; label: string; ariaLabel: string; state: RowFetcherState }) {
  return (
    <RowForm fetcherKey={loginAsKey(id)} target="_blank">
      <input type="hidden" name="id" value={id} />
      {type ? <input type="hidden" name="type" value={type} /> : null}
      <button type="submit" name="intent" value="login-as" disabled={state.pending !== null} className={ROW_BUTTON} aria-label={ariaLabel}>
        {label}
      </button>
      {state.sent ? <RowAnswer fetcherKey={loginAsKey(id)} /> : null}
    </RowForm>
  )
}

const ROW_BUTTON = rowActionClass()
