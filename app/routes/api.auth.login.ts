// POST /api/auth/login {email, password, clientId, role}: 200 user, 302 + metadata.redirectTo for 2FA, 401 error.
import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { emailField, passwordField } from '#app/models/login.schema'
import { toUserJson } from '#app/models/account.server'
import { attemptLogin } from '#app/models/auth.server'
import { landingPath } from '#app/rules/landing'
import { commitSession, getSession, startSession } from '#app/services/session.server'
import { methodNotAllowed, parseBody } from '#app/utils/api.server'
import { apiJson, clientIp } from '#app/utils/http.server'

const loginApiSchema = z.object({
  email: emailField,
  password: passwordField,
  clientId: z.string().nullish(),
  role: z.string().nullish(),
  remember: z.union([z.boolean(), z.string()]).optional(),
})

export const TWO_FACTOR_API_PATH = 'auth/verification-2fa'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const parsed = await parseBody(request, loginApiSchema)
  if (!parsed.ok) return parsed.response
  const { remember, ...input } = parsed.data
  const outcome = await attemptLogin(
    { ...input, remember: remember === true || remember === 'true' || remember === 'on' },
    { ip: clientIp(request), origin: new URL(request.url).origin },
  )
  if (outcome.kind === 'error') return apiJson({ status: false, error: outcome.message }, outcome.status)
  if (outcome.kind === 'two-factor') {
    const session = await getSession(request)
    session.set('pendingTwoFactor', outcome.session.pendingTwoFactor)
    return apiJson(
      { status: true, message: 'A verification code has been sent to your e-mail.', metadata: { redirectTo: TWO_FACTOR_API_PATH, method: 'POST' } },
      302,
      { 'Set-Cookie': await commitSession(session) },
    )
  }
  const cookie = await startSession(request, outcome.session)
  return apiJson({ status: true, user: toUserJson(outcome.user), redirectTo: landingPath(outcome.user) }, 200, { 'Set-Cookie': cookie })
}
