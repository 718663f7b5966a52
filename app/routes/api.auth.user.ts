// GET /api/auth/user: the signed-in user ({status: true, user}); 401 when signed out.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { toUserJson } from '#app/models/account.server'
import { apiJson } from '#app/services/http.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { requireUser } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return apiJson({ status: true, user: toUserJson(user) })
}

export const action = () => methodNotAllowed()
