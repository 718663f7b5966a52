// GET /api/auth/auto-login/{code}: signs out whoever is signed in, then signs in with a single-use link.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { toUserJson } from '#app/models/account.server'
import { consumeAutoLogin } from '#app/models/auth.server'
import { startSession } from '#app/services/session.server'
import { apiJson, clientIp } from '#app/utils/http.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const outcome = await consumeAutoLogin(params.code ?? '', { ip: clientIp(request), origin: new URL(request.url).origin })
  if (!outcome.ok) return apiJson({ status: false, error: outcome.message }, outcome.status)
  // startSession destroys the current session first: the old user is logged out either way.
  const cookie = await startSession(request, outcome.session)
  return apiJson({ status: true, user: toUserJson(outcome.user) }, 200, { 'Set-Cookie': cookie })
}
