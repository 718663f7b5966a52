// 'Login As User' / 'Login As Contributor': with JavaScript, POST /api/client/autologin/init and open the
// single-use link in a new window; without it, the form posts to the page (new window), which redirects to the link.
import { useState } from 'react'
import { buttonClass } from '#app/ui/button'

export const LOGIN_AS_FAILED = 'Unexpected Error Please Try again'

export function LoginAsButton({ id, type, name, label }: { id: string; type: 'customer' | 'writer' | 'reviewer'; name: string; label: string }) {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setError(null)
    setBusy(true)
    // Opened before the await, so popup blockers see it come from the click.
    const win = window.open('', '_blank')
    try {
      const response = await fetch('/api/client/autologin/init', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ _id: id, type }),
      })
      const body = (await response.json().catch(() => null)) as { status?: boolean; link?: string; error?: string; message?: string } | null
      if (!response.ok || !body?.status || !body.link) throw new Error(body?.error || body?.message || LOGIN_AS_FAILED)
      if (win) win.location.href = body.link
      else window.location.href = body.link
    } catch (e) {
      win?.close()
      setError(e instanceof Error ? e.message : LOGIN_AS_FAILED)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form method="post" target="_blank" onSubmit={onSubmit} className="inline-block">
      <input type="hidden" name="intent" value="login-as" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="type" value={type} />
      <button type="submit" disabled={busy} className={buttonClass('secondary', 'py-1 whitespace-nowrap')} aria-label={`${label} ${name}`}>
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
