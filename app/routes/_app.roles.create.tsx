// /roles/create: a platform role (name and modules); back to /roles/view on success.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { PageHeader } from '#app/components/page'
import { RoleForm } from '#app/components/platform/role-form'
import { redirectWithToast } from '#app/services/flash.server'
import { ROLE_CREATED, ROLE_MODULES, roleValidator } from '#app/models/platform-roles.schema'
import { readForm } from '#app/services/form-request.server'
import { requirePlatform } from '#app/models/auth-guards.server'
import { GRANT_DENIED, grantableBy, roleActions } from '#app/models/platform-roles.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requirePlatform(request, 'roles')
  return { grantable: ROLE_MODULES.map((m) => m.key).filter((k) => grantableBy(actor, [k])) }
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requirePlatform(request, 'roles')
  const result = await roleValidator.validate(await readForm(request))
  if (result.error) return validationError(result.error, result.submittedData)
  const outcome = await roleActions.create(actor, request, result.data)
  if (!outcome.ok) return validationError({ fieldErrors: { name: GRANT_DENIED } }, result.submittedData)
  return redirectWithToast(request, '/roles/view', ROLE_CREATED)
}

export default function RolesCreateRoute() {
  const { grantable } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <PageHeader title="Create Role" />
      <RoleForm mode="create" grantable={grantable} />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Create Role | Draftdesk' }]
