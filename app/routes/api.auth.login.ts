// POST /api/auth/login {email, password, clientId, role}: 200 user, 302 + metadata.redirectTo for 2FA
// (e-mailed code or authenticator app), 401 error.
import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { emailField, passwordField } from '#app/models/login.schema'
import { toUserJson } from '#app/models/account.server'
import { attemptLogin } from '#app/models/password-sign-in.server'
import { type TwoFactorMethod } from '#app/models/two-factor-sign-in.server'
import { TWO_FACTOR_PAGE } from '#app/models/two-factor.server'
import { landingPath } from '#app/rules/landing'
import { startSession } from '#app/services/session.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson, clientIp } from '#app/services/http.server'

const loginApiSchema = z.object({
  email: emailField,
  password: passwordField,
  // The organisation id ends up in a rate-limit key: bounded, like every public id.
  clientId: z.string().max(64).nullish(),
  role: z.string().max(64).nullish(),
  remember: z.union([z.boolean(), z.string()]).optional(),
})

export const TWO_FACTOR_API_PATH = 'auth/verification-2fa'
// A 302 must carry a Location. It names the code-entry page, not the API: a client that follows the
// redirect with a GET lands on a page, where GET /api/auth/verification-2fa would resend the code.
export const VERIFY_CODE_PAGE = '/verify-2fa-code'

const TWO_FACTOR_PROMPT: Record<TwoFactorMethod, string> = {
  email: 'A verification code has been sent to your e-mail.',
  totp: 'Enter the code from your authenticator app.',
}

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const parsed = await parseBody(request, loginApiSchema)
  if (!parsed.ok) return parsed.response
  const { remember, ...input } = parsed.data
  const outcome = await attemptLogin({ ...input, remember: remember === true || remember === 'true' || remember === 'on' }, { ip: clientIp(request) })
  if (outcome.kind === 'error') return apiJson({ status: false, error: outcome.message }, outcome.status)
  if (outcome.kind === 'two-factor') {
    // A fresh session holding only the pending login: whoever was signed in here is not any more.
    const cookie = await startSession(request, outcome.session)
    return apiJson({ status: true, message: TWO_FACTOR_PROMPT[outcome.method], metadata: { redirectTo: TWO_FACTOR_API_PATH, method: 'POST' } }, 302, {
      Location: VERIFY_CODE_PAGE,
      'Set-Cookie': cookie,
    })
  }
  const cookie = await startSession(request, outcome.session)
  // A platform account that must enroll TOTP first can reach nothing else (ADR 0012).
  const redirectTo = outcome.mustEnrollTotp ? TWO_FACTOR_PAGE : landingPath(outcome.user)
  return apiJson({ status: true, user: toUserJson(outcome.user), redirectTo }, 200, { 'Set-Cookie': cookie })
}
