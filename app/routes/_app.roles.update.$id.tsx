// /roles/update/{id}: edit a platform role's name and modules (the spec's edit link was a placeholder).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { PageHeader } from '#app/components/page'
import { RoleForm } from '#app/components/platform/role-form'
import { redirectWithToast } from '#app/services/flash.server'
import { parseModules, ROLE_MODULES, ROLE_UPDATED, roleValidator } from '#app/models/platform-roles.schema'
import { forbidden, notFound } from '#app/services/http.server'
import { readForm } from '#app/services/form-request.server'
import { requirePlatform } from '#app/models/auth-guards.server'
import { findRole, GRANT_DENIED, grantableBy, roleActions } from '#app/models/platform-roles.server'

async function loadRole(request: Request, id: string | undefined) {
  const actor = await requirePlatform(request, 'roles')
  const role = await findRole(id ?? '')
  if (!role) throw notFound()
  // Staff edit only roles wholly within their own modules.
  if (!grantableBy(actor, parseModules(role.permissions))) throw forbidden(GRANT_DENIED)
  return { actor, role }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, role } = await loadRole(request, params.id)
  return {
    role: { _id: role.public_id, name: role.name, key: role.key, permissions: parseModules(role.permissions) },
    grantable: ROLE_MODULES.map((m) => m.key).filter((k) => grantableBy(actor, [k])),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, role } = await loadRole(request, params.id)
  const result = await roleValidator.validate(await readForm(request))
  if (result.error) return validationError(result.error, result.submittedData)
  const outcome = await roleActions.update(actor, request, role, result.data)
  if (!outcome.ok) return validationError({ fieldErrors: { name: GRANT_DENIED } }, result.submittedData)
  return redirectWithToast(request, '/roles/view', ROLE_UPDATED)
}

export default function RolesUpdateRoute() {
  const { role, grantable } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <PageHeader title="Update Role" />
      <p className="text-sm text-gray-500">
        Key: <code>{role.key}</code>
      </p>
      <RoleForm mode="update" grantable={grantable} defaults={{ name: role.name, permissions: role.permissions }} />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Update Role | Draftdesk' }]
