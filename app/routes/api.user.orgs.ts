// GET /api/user/orgs?email: the organisations a person may sign in to (the login picker).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { emailField, NO_ACCOUNT_FOR_EMAIL } from '#app/models/login.schema'
import { TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import { parseQuery, methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { lookUpOrganisations } from './organisation-lookup.server'

const querySchema = z.object({ email: emailField })

export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = parseQuery(request, querySchema)
  if (!parsed.ok) return parsed.response
  const lookup = await lookUpOrganisations(request, parsed.data.email)
  if (!lookup.ok) return apiJson({ status: false, error: TOO_MANY_ATTEMPTS }, 429)
  const userData = lookup.orgs
  if (!userData || userData.length === 0) return apiJson({ status: false, error: NO_ACCOUNT_FOR_EMAIL, userData: [] }, 404)
  return apiJson({ status: true, userData })
}

export const action = () => methodNotAllowed()
