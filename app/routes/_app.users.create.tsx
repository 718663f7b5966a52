// /users/create: a new platform user (superadmin or a platform role); back to /users/view on success.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { PageHeader } from '#app/components/page'
import { redirectWithToast } from '#app/services/flash.server'
import { UserForm } from '#app/components/platform/user-form'
import { platformUserActions, roleOptionsFor } from '#app/models/platform-users.server'
import { platformUserCreateValidator, USER_CREATED } from '#app/models/platform-users.schema'
import { readForm } from '#app/services/form-request.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requirePlatform(request, 'users')
  return { roles: await roleOptionsFor(actor) }
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requirePlatform(request, 'users')
  const result = await platformUserCreateValidator.validate(await readForm(request))
  // The password is never sent back into the form.
  const { password: _password, ...kept } = result.submittedData
  if (result.error) return validationError(result.error, kept)
  const outcome = await platformUserActions.create(actor, request, result.data)
  if (!outcome.ok) return validationError({ fieldErrors: { [outcome.field ?? 'role']: outcome.error } }, kept)
  return redirectWithToast(request, '/users/view', USER_CREATED)
}

export default function UsersCreateRoute() {
  const { roles } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <PageHeader title="Create User" />
      <UserForm mode="create" roles={roles} />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Create User | Draftdesk' }]
