// /products/file/edit/{id}: rename and/or replace the file; at least one change is required.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ValidatedForm } from 'remix-validated-form'
import { FormAlert, SubmitButton, TextField } from '#app/components/forms'
import { PageHeader } from '#app/components/page'
import { redirectWithToast } from '#app/models/content-common.server'
import { CHANGE_REQUIRED, downloadableValidator } from '#app/models/downloadables.schema'
import { readFilePost } from '#app/models/downloadables-page.server'
import { downloadableActions, getDownloadable, toDownloadableJson } from '#app/models/downloadables.server'
import { formatKb } from '#app/rules/file-name'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { Card } from '#app/ui/card'
import { notFound } from '#app/services/http.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/file/edit/:id'))
  const row = await getDownloadable(t, params.id ?? '')
  if (!row) throw notFound()
  return { file: toDownloadableJson(row) }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const t = await requirePermission(request, { all: ['UPDATE_DOWNLOADABLES'] })
  const row = await getDownloadable(t, params.id ?? '')
  if (!row) throw notFound()
  const post = await readFilePost(t, request, true)
  if (!post.ok) return post.response
  const updated = await downloadableActions.update(t, request, row, { title: post.title, file: post.file })
  if (updated === 'unchanged') return data({ formError: CHANGE_REQUIRED, repopulateFields: { title: post.title } }, { status: 422 })
  return redirectWithToast(request, '/products/file/view', 'Saved Successfully!')
}

export default function FileEditRoute() {
  const { file } = useLoaderData<typeof loader>()
  const actionData = useActionData<{ formError?: string }>()
  return (
    <div className="max-w-xl">
      <PageHeader title="Edit File" crumbs={[{ to: '/products/file/view', label: 'Files' }]} />
      <Card>
        <FormAlert>{actionData?.formError}</FormAlert>
        <ValidatedForm validator={downloadableValidator} method="post" encType="multipart/form-data" defaultValues={{ title: file.title }} className="space-y-4">
          <TextField name="title" label="Title" maxLength={191} />
          <p className="text-sm text-gray-700">
            Current file:{' '}
            <a href={`/api/file/download/${encodeURIComponent(file.data.key)}`} className="text-brand-600 hover:underline">
              {file.data.originalname}
            </a>{' '}
            ({formatKb(file.data.size)})
          </p>
          <TextField name="file" label="Replace file (optional)" type="file" />
          <SubmitButton>Update</SubmitButton>
        </ValidatedForm>
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Edit File | Draftdesk' }]
