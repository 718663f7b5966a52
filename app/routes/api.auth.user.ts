// GET /api/auth/user: the signed-in user ({status: true, user}); 401 when signed out.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { toUserJson } from '#app/models/account.server'
import { requireUser } from '#app/models/auth-guards.server'
import { apiJson } from '#app/utils/http.server'
import { methodNotAllowed } from '#app/utils/api.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return apiJson({ status: true, user: toUserJson(user) })
}

export const action = () => methodNotAllowed()
