// GET /api/auth/logout: ends the session on the server (the row is deleted, not just the cookie).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { recordLogout } from '#app/models/sign-in.server'
import { getAuth } from '#app/models/auth-guards.server'
import { destroySession } from '#app/services/session.server'
import { apiJson, clientIp } from '#app/services/http.server'
import { methodNotAllowed } from '#app/services/api-request.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, session } = await getAuth(request)
  if (user) await recordLogout(user, clientIp(request), request)
  return apiJson({ status: true, message: 'Logged out' }, 200, { 'Set-Cookie': await destroySession(session) })
}

/** POST ends the session the same way (the spec's GET stays, behind the same-origin check). */
export const action = (args: LoaderFunctionArgs) => (args.request.method === 'POST' ? loader(args) : methodNotAllowed())
