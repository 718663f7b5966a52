// /orders/revisions/reject/{id}: the Reject dialog over the revisions list (a page section without
// JavaScript). Posts the reason and optional files as multipart; success goes back to the list.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { RevisionRejectForm } from '#app/components/orders/revisions-reject-form'
import { REJECTION_MAX_FILES, REVISION_REJECTED, rejectRevisionValidator, TOO_MANY_REJECTION_FILES, UPLOAD_FAILED } from '#app/models/revisions.schema'
import { decisionRefusal, revisionActions } from '#app/models/revisions.server'
import { FILE_NAME_RULE, isAllowedFileName } from '#app/rules/file-name'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { redirectWithToast } from '#app/services/flash.server'
import { DOCUMENT_TYPES, isUploadError, MAX_UPLOAD_BYTES, readMultipart, type SniffedUpload, sniffUpload } from '#app/services/storage.server'
import { Alert } from '#app/ui/alert'
import { PanelDialog } from '#app/ui/panel-dialog'
import { notFound } from '#app/services/http.server'

/** Back to the list, on the page it was opened from. */
const listHref = (request: Request) => `/orders/revisions${new URL(request.url).search}`

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/orders/revisions'))
  const refused = await decisionRefusal(t, params.id ?? '')
  // Another organisation's draft (or none) is simply not here.
  if (refused?.status === 404) throw notFound()
  return { closeTo: listHref(request), refusal: refused?.error ?? null }
}

type Failure = { formError: string; values: { rejectionReason: string } }

export async function action({ request, params }: ActionFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/orders/revisions'))
  const form = await readMultipart(request)
  if (isUploadError(form)) return data<Failure>({ formError: UPLOAD_FAILED, values: { rejectionReason: '' } }, { status: 400 })
  const rejectionReason = String(form.get('rejectionReason') ?? '')
  const fail = (status: number, formError: string) => data<Failure>({ formError, values: { rejectionReason } }, { status })
  const result = await rejectRevisionValidator.validate(form)
  // Only the reason goes back: files cannot be given back to a file input.
  if (result.error) return validationError(result.error, { rejectionReason })

  const files = form.getAll('files').filter((f): f is File => f instanceof File && f.size > 0)
  if (files.length > REJECTION_MAX_FILES) return fail(400, TOO_MANY_REJECTION_FILES)
  const uploads: SniffedUpload[] = []
  for (const file of files) {
    if (!isAllowedFileName(file.name)) return fail(400, `${UPLOAD_FAILED} ${FILE_NAME_RULE}`)
    const upload = await sniffUpload(file, { allowed: DOCUMENT_TYPES, maxBytes: MAX_UPLOAD_BYTES })
    if (isUploadError(upload)) return fail(upload.status ?? 400, `${UPLOAD_FAILED} ${upload.error}`)
    uploads.push(upload)
  }
  const outcome = await revisionActions.rejectWithUploads(t, request, params.id ?? '', result.data.rejectionReason, uploads)
  if (!outcome.ok) {
    if (outcome.status === 404) throw notFound()
    return fail(outcome.status, outcome.error)
  }
  return redirectWithToast(request, listHref(request), REVISION_REJECTED)
}

export default function RejectRevisionRoute() {
  const { closeTo, refusal } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>() as Failure | undefined
  return (
    <PanelDialog title="Reject Revision" closeTo={closeTo}>
      {refusal ? <Alert tone="warning">{refusal}</Alert> : <RevisionRejectForm closeTo={closeTo} formError={failure?.formError} reason={failure?.values?.rejectionReason ?? ''} />}
    </PanelDialog>
  )
}
