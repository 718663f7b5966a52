// GET or POST /api/auth/auto-login/{code}: signs in with a single-use link ({status, user}). The spec's GET stays
// (the same-origin guard refuses it from other sites); a log-in-as link works only in the session that created it.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { toUserJson } from '#app/models/account.server'
import { openAutoLoginLink } from './auto-login.server'
import { apiJson } from '#app/services/http.server'
import { methodNotAllowed } from '#app/services/api-request.server'

async function signInWithLink(request: Request, code: string) {
  const opened = await openAutoLoginLink(request, code)
  if (!opened.ok) return apiJson({ status: false, error: opened.message }, opened.status)
  return apiJson({ status: true, user: toUserJson(opened.user) }, 200, { 'Set-Cookie': opened.cookie })
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  return signInWithLink(request, params.code ?? '')
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  return signInWithLink(request, params.code ?? '')
}
