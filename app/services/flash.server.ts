// One-shot success messages across a redirect (the spec's 'User Created Successfully' and the like).
import { redirect } from '@remix-run/node'
import { getSessionAuth } from './session-auth.server'
import { commitSession } from './session.server'

export async function redirectWithToast(request: Request, to: string, message: string) {
  const { session } = await getSessionAuth(request)
  session.flash('toast', message)
  return redirect(to, { headers: { 'Set-Cookie': await commitSession(session) } })
}

/** Reads (and so consumes) the pending message; pass the headers on with the loader's answer. */
export async function takeToast(request: Request): Promise<{ toast: string | null; headers: HeadersInit }> {
  const { session } = await getSessionAuth(request)
  const toast = session.get('toast') ?? null
  return { toast, headers: toast ? { 'Set-Cookie': await commitSession(session) } : {} }
}
