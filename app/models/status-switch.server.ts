// The answer to an active/archive switch: JSON for the switch's fetcher, and for a plain (no-JS) post
// a redirect back to the same list with the message as the session toast.
import { FETCHER_FIELD } from '#app/rules/fetcher-field'
import { redirectWithToast } from '#app/services/flash.server'

export async function switchAnswer(request: Request, form: FormData, message: string) {
  if (form.get(FETCHER_FIELD)) return { ok: true, message }
  const url = new URL(request.url)
  return redirectWithToast(request, `${url.pathname}${url.search}`, message)
}
