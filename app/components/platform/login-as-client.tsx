// 'Login As Client': with JavaScript, POST /api/auto-login/init and open the link in a new window;
// without it, the same form posts to the page, whose action answers with a redirect to the link.
import { useState } from 'react'
import { buttonClass } from '#app/ui/button'

export function LoginAsClientButton({ clientId, name }: { clientId: string; name: string }) {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setError(null)
    setBusy(true)
    // Opened before the await, so popup blockers see it come from the click.
    const win = window.open('', '_blank')
    try {
      const response = await fetch('/api/auto-login/init', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ _id: clientId, type: 'client' }),
      })
      const body = (await response.json().catch(() => null)) as { status?: boolean; link?: string; error?: string; message?: string } | null
      if (!response.ok || !body?.status || !body.link) throw new Error(body?.error ?? body?.message ?? 'Unexpected Error Please Try again')
      if (win) win.location.href = body.link
      else window.location.href = body.link
    } catch (e) {
      win?.close()
      setError(e instanceof Error ? e.message : 'Unexpected Error Please Try again')
    } finally {
      setBusy(false)
    }
  }

  return (
    <form method="post" target="_blank" onSubmit={onSubmit}>
      <input type="hidden" name="subaction" value="login-as" />
      <input type="hidden" name="_id" value={clientId} />
      <button type="submit" disabled={busy} className={buttonClass('secondary', 'whitespace-nowrap')} aria-label={`Login As Client ${name}`}>
        Login As Client
      </button>
      {error ? (
        <p role="alert" className="mt-1 text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </form>
  )
}
