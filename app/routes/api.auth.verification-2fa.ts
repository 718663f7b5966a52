// POST /api/auth/verification-2fa {verificationCode} finishes a 2FA login with the e-mailed code, or, for
// an account with TOTP, an authenticator or recovery code; GET resends an e-mailed code (400 for TOTP).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { toUserJson } from '#app/models/account.server'
import { resendTwoFactor, verifyTwoFactor } from '#app/models/two-factor-sign-in.server'
import { CODE_REQUIRED, CODE_RESENT, INCORRECT_CODE } from '#app/models/login.schema'
import { landingPath } from '#app/rules/landing'
import { commitSession, getSession, startSession } from '#app/services/session.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson, clientIp } from '#app/services/http.server'

// A number is taken as typed (clients send 123456); anything missing or empty is a 400 and spends no attempt.
const verifySchema = z.object({
  verificationCode: z
    .union([z.string(), z.number()], { errorMap: () => ({ message: CODE_REQUIRED }) })
    .transform(String)
    .pipe(z.string().trim().min(1, CODE_REQUIRED).max(40)),
})

const NO_PENDING_LOGIN = 'Your verification session has expired. Please log in again.'

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request)
  const pending = session.get('pendingTwoFactor')
  if (!pending) return apiJson({ status: false, error: NO_PENDING_LOGIN, errors: [NO_PENDING_LOGIN] }, 401)
  const result = await resendTwoFactor(pending)
  if (!result.ok) return apiJson({ status: false, error: result.message, errors: [result.message] }, result.status)
  return apiJson({ status: true, message: CODE_RESENT, errors: [] })
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const session = await getSession(request)
  const pending = session.get('pendingTwoFactor')
  if (!pending) return apiJson({ status: false, error: NO_PENDING_LOGIN }, 401)
  const parsed = await parseBody(request, verifySchema)
  if (!parsed.ok) return parsed.response
  const outcome = await verifyTwoFactor(pending, parsed.data.verificationCode, { ip: clientIp(request) })
  if (outcome.kind === 'error') {
    if (outcome.dead) session.unset('pendingTwoFactor')
    return apiJson({ status: false, error: outcome.message ?? INCORRECT_CODE }, outcome.status, { 'Set-Cookie': await commitSession(session) })
  }
  const cookie = await startSession(request, outcome.session)
  return apiJson({ status: true, user: toUserJson(outcome.user), redirectTo: landingPath(outcome.user) }, 200, { 'Set-Cookie': cookie })
}
