// GET /api/client/writers/get: the organisation's active contributors (data) and, by contributor _id, the
// messages each has written to the admins in the contributor chat that no admin has opened yet
// (writerUnreadMessages). The list of /chat reads the same model function.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { CONTRIBUTOR_CHAT_ADMIN, contributorChatList } from '#app/models/chat.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, CONTRIBUTOR_CHAT_ADMIN)
  const { data, writerUnreadMessages } = await contributorChatList(t)
  return apiJson({ status: true, data, writerUnreadMessages })
}

export const action = () => methodNotAllowed()
