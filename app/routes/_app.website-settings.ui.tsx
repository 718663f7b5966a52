// /website-settings/ui: Customize Client Portal (company details, colour scheme, social links, welcome
// and login images); Save needs UPDATE_UI_CUSTOMIZATION. The colours theme the portal (ADR 0044).
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { SuccessAlert } from '#app/components/form-parts'
import { PageHeader } from '#app/components/page'
import { CustomizationForm, UI_PAGE } from '#app/components/website-settings/customization-form'
import { customizationValidator, IMAGE_KEYS, IMAGE_MAX_BYTES } from '#app/models/website-settings.schema'
import { getCustomization, IMAGE_TYPE, type ImageUploads, websiteSettingsActions } from '#app/models/website-settings.server'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { IMAGE_TYPES, isUploadError, readMultipart, sniffUpload } from '#app/services/storage.server'
import { readForm } from '#app/services/form-request.server'

const SAVED = 'Saved Successfully!'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard(UI_PAGE))
  const { toast, headers } = await takeToast(request)
  return data(
    {
      customization: await getCustomization(t),
      canUpdate: can(t.user, { all: ['UPDATE_UI_CUSTOMIZATION'] }),
      leadsOnly: t.user.leadsOnly,
      toast,
    },
    { headers },
  )
}

/** What a refused post gives back to the form: its text fields (files cannot be handed back). */
function keptFields(form: FormData): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [k, v] of form.entries()) if (typeof v === 'string') kept[k] = v
  return kept
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, { all: ['UPDATE_UI_CUSTOMIZATION'] })
  const multipart = (request.headers.get('content-type') ?? '').includes('multipart/form-data')
  const form = multipart ? await readMultipart(request) : await readForm(request)
  if (isUploadError(form)) return data({ formError: form.error }, { status: form.status ?? 400 })

  // Without JavaScript a stored image is removed with its checkbox.
  for (const key of IMAGE_KEYS) if (form.get(`${key}Remove`) === 'on') form.set(key, '')
  const result = await customizationValidator.validate(form)
  if (result.error) return validationError(result.error, keptFields(form))

  const uploads: ImageUploads = {}
  for (const key of IMAGE_KEYS) {
    const file = form.get(`${key}File`)
    if (!(file instanceof File) || file.size === 0) continue
    const upload = await sniffUpload(file, { allowed: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES })
    if (isUploadError(upload)) return validationError({ fieldErrors: { [key]: upload.error === 'This file type is not allowed.' ? IMAGE_TYPE : upload.error } }, keptFields(form))
    uploads[key] = upload
  }
  const saved = await websiteSettingsActions.saveCustomization(t, request, result.data, uploads)
  if (!saved.ok) return validationError({ fieldErrors: { [saved.field ?? 'companyName']: saved.error } }, keptFields(form))
  return redirectWithToast(request, UI_PAGE, SAVED)
}

export default function CustomizeClientPortalRoute() {
  const { customization, canUpdate, leadsOnly, toast } = useLoaderData<typeof loader>()
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader title="Customize Client Portal" />
      <SuccessAlert>{toast}</SuccessAlert>
      {/* A saved form comes back with fresh keys: remount so each field starts from them. */}
      <CustomizationForm key={JSON.stringify(customization)} customization={customization} canUpdate={canUpdate} leadsOnly={leadsOnly} />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Customize Client Portal | Draftdesk' }]
