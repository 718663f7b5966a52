// GET /api/questionnaires[?archived=true]: the organisation's forms, the published form templates, and
// `modules`: every published form or template a workflow board can place (what the board's palette shows).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { questionnairesAnswer } from '#app/models/forms.server'
import { listFormModules } from '#app/models/workflows.server'
import { apiJson } from '#app/services/http.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { any: ['READ_WORKFLOWS', 'READ_QUESTIONNAIRES'] })
  const archived = new URL(request.url).searchParams.get('archived') === 'true'
  const answer = await questionnairesAnswer(t, { archived })
  const modules = (await listFormModules(t)).map((m) => ({ _id: m.id, name: m.title }))
  return apiJson({ ...answer, modules })
}

export const action = () => methodNotAllowed()
