// POST /ui-settings: remembers sidebar mode, expanded sidebar sections and language in a cookie.
// Plain form posts (no JavaScript) carry redirectTo and go back; fetcher posts get JSON.
import { type ActionFunctionArgs, data, redirect } from '@remix-run/node'
import { safeReturnPath } from '#app/rules/landing'
import { commitSession, getSession } from '#app/services/session.server'
import { applyUiChange, getUiSettings, serializeUiSettings, uiSettingsChange } from '#app/services/ui-settings.server'
import { readForm } from '#app/services/form-request.server'

export async function loader() {
  return redirect('/')
}

// Preferences only: no permission guard, so the signed-out pages can switch language too.
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  const parsed = uiSettingsChange.safeParse(Object.fromEntries(form))
  const headers = new Headers()
  const current = await getUiSettings(request)
  const next = parsed.success ? applyUiChange(current, parsed.data) : current
  headers.append('Set-Cookie', await serializeUiSettings(next))

  if (parsed.success && parsed.data.intent === 'language') {
    // The session keeps the language too, so the document's lang attribute follows it.
    const session = await getSession(request)
    if (session.get('userId')) {
      session.set('lang', next.lang ?? undefined)
      headers.append('Set-Cookie', await commitSession(session))
    }
  }

  const redirectTo = form.get('redirectTo')
  if (typeof redirectTo === 'string' && redirectTo) return redirect(safeReturnPath(redirectTo, '/'), { headers })
  return data({ ok: parsed.success, settings: next }, { status: parsed.success ? 200 : 400, headers })
}
