// GET /api/questionnaires/sample_templates: published provider templates {templates, hiddenQuestionnairesTemplates}.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { sampleFormTemplates } from '#app/models/forms.server'
import { apiJson } from '#app/services/http.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['READ_QUESTIONNAIRES'] })
  return apiJson({ status: true, ...(await sampleFormTemplates(t)) })
}

export const action = () => methodNotAllowed()
