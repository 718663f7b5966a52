// GET /api/writer/profile → {profile}; PATCH {languages, certificates, expertise, availableDays, schedulingLink}
// → {status, profile}: the contributor's own writer profile (ADR 0068). Levels, services or anyone's id are a 400.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { OWN_PROFILE_SAVED, ownWriterProfilePatchSchema } from '#app/models/work-own.schema'
import { ownProfileActions, ownWriterProfile } from '#app/models/work-profile.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requireContributor } from './contributor-access.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requireContributor(request)
  return apiJson({ status: true, profile: await ownWriterProfile(t) })
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed()
  const t = await requireContributor(request)
  const body = await parseBody(request, ownWriterProfilePatchSchema)
  if (!body.ok) return body.response
  const outcome = await ownProfileActions.update(t, request, body.data)
  if (!outcome.ok) return apiJson({ status: false, error: outcome.error }, outcome.status)
  return apiJson({ status: true, message: OWN_PROFILE_SAVED, profile: outcome.profile })
}
