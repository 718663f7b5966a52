// /products/file/create: title and upload (comma/apostrophe rule, type sniffing, size limit); a multipart post.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ValidatedForm } from 'remix-validated-form'
import { SubmitButton, TextField } from '#app/components/forms'
import { PageHeader } from '#app/components/page'
import { redirectWithToast } from '#app/models/content-common.server'
import { downloadableValidator } from '#app/models/downloadables.schema'
import { readFilePost } from '#app/models/downloadables-page.server'
import { downloadableActions } from '#app/models/downloadables.server'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { Card } from '#app/ui/card'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, routeGuard('/products/file/create'))
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, { all: ['WRITE_DOWNLOADABLES'] })
  const post = await readFilePost(t, request, false)
  if (!post.ok) return post.response
  await downloadableActions.create(t, request, { title: post.title, file: post.file! })
  return redirectWithToast(request, '/products/file/view', 'Saved Successfully!')
}

export default function FileCreateRoute() {
  return (
    <div className="max-w-xl">
      <PageHeader title="Create File" crumbs={[{ to: '/products/file/view', label: 'Files' }]} />
      <Card>
        <ValidatedForm validator={downloadableValidator} method="post" encType="multipart/form-data" className="space-y-4">
          <TextField name="title" label="Title" maxLength={191} />
          <TextField name="file" label="File" type="file" />
          <p className="text-xs text-gray-500">PDF, Word, text or image, up to 20 MB. Do not use commas or apostrophes in the file name.</p>
          <SubmitButton>Save</SubmitButton>
        </ValidatedForm>
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Create File | Draftdesk' }]
