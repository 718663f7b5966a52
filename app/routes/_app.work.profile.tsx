// /work/profile: the contributor's own writer profile (ADR 0068). Levels and services are shown as staff set
// them; availability, languages, expertise, certificates and the scheduling link are the contributor's to edit.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { PageHeader, Toast } from '#app/components/page'
import { OWN_PROFILE_FORM, OwnProfileForm, type OwnProfileValues, StaffSetProfile } from '#app/components/work/own-profile-form'
import { OWN_PROFILE_SAVED, ownWriterProfileValidator } from '#app/models/work-own.schema'
import { NOT_A_WRITER, ownProfileActions, ownWriterProfile } from '#app/models/work-profile.server'
import { holdsWriter } from '#app/rules/contributor'
import { forbidden } from '#app/services/http.server'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { readForm } from '#app/services/form-request.server'
import { requireContributor } from './contributor-access.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requireContributor(request)
  if (!holdsWriter(t.user)) throw forbidden(NOT_A_WRITER)
  const { toast, headers } = await takeToast(request)
  return data({ profile: await ownWriterProfile(t), toast }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requireContributor(request)
  const form = await readForm(request)
  if (form.get('intent') !== 'profile') return data({ formError: 'Unknown action' }, { status: 400 })
  const result = await ownWriterProfileValidator.validate(form)
  if (result.error) return validationError({ ...result.error, formId: OWN_PROFILE_FORM }, result.submittedData)
  // The form sends every field: an emptied link box clears the link.
  const outcome = await ownProfileActions.update(t, request, { ...result.data, schedulingLink: result.data.schedulingLink ?? null })
  if (!outcome.ok) return data({ formError: outcome.error }, { status: outcome.status })
  return redirectWithToast(request, '/work/profile', OWN_PROFILE_SAVED)
}

const text = (v: unknown) => (Array.isArray(v) ? v.map(String).join(', ') : typeof v === 'string' ? v : '')
const days = (v: unknown) => (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? [v] : [])

export default function WorkProfileRoute() {
  const { profile, toast } = useLoaderData<typeof loader>()
  const answer = useActionData<{ formError?: string; repopulateFields?: Record<string, unknown> }>()
  const posted = answer?.repopulateFields
  // After a refused no-JS post the form shows what was typed, checkboxes included.
  const values: OwnProfileValues = posted
    ? {
        languages: text(posted.languages),
        certificates: text(posted.certificates),
        expertise: text(posted.expertise),
        schedulingLink: text(posted.schedulingLink),
        availableDays: days(posted.availableDays),
      }
    : {
        languages: profile.languages.join(', '),
        certificates: profile.certificates.join(', '),
        expertise: profile.expertise.join(', '),
        schedulingLink: profile.schedulingLink ?? '',
        availableDays: profile.availableDays,
      }
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader title="My profile" />
      <Toast message={toast} />
      <StaffSetProfile levels={profile.levels} services={profile.services} />
      <OwnProfileForm key={posted ? 'posted' : 'saved'} values={values} formError={answer?.formError} />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'My profile | Draftdesk' }]
