// 'Login As User' / 'Login As Contributor' / 'Login As Client': with JavaScript, POST the JSON init route and
// open the single-use link in a new window; without it, the form posts to the page (new window), which
// answers with a redirect to the link.
import { useState } from 'react'
import { buttonClass } from '#app/ui/button'

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
      <button type="submit" disabled={busy} className={buttonClass('secondary', 'py-1 whitespace-nowrap')} aria-label={ariaLabel}>
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
