// /users/update/{id}: edit a platform user; the e-mail is fixed and an empty password keeps the current one.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { PageHeader } from '#app/components/page'
import { redirectWithToast } from '#app/services/flash.server'
import { updateValidator, UserForm } from '#app/components/platform/user-form'
import { auditUserAction } from '#app/models/audit.server'
import { findPlatformUser, roleOptionsFor, SUPERADMIN_ONLY, toPlatformUserJson, updatePlatformUser } from '#app/models/platform-users.server'
import { USER_UPDATED } from '#app/models/platform-users.schema'
import { type AuthUser } from '#app/models/account.server'
import { requirePlatform } from '#app/services/auth.server'
import { forbidden, notFound } from '#app/utils/http.server'

async function loadTarget(actor: AuthUser, id: string | undefined) {
  const target = await findPlatformUser(id ?? '')
  if (!target) throw notFound()
  if (target.is_superadmin && actor.role !== 'superadmin') throw forbidden(SUPERADMIN_ONLY)
  return target
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requirePlatform(request, 'users')
  const target = await loadTarget(actor, params.id)
  const user = toPlatformUserJson(target)
  const roles = await roleOptionsFor(actor)
  // A role the editor may not give still shows as the current value.
  if (user.role && !roles.some((r) => r.value === user.role)) roles.push({ value: user.role, label: user.roleName })
  return { user, roles }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requirePlatform(request, 'users')
  const target = await loadTarget(actor, params.id)
  const result = await updateValidator.validate(await request.formData())
  const { password: _password, ...kept } = result.submittedData
  if (result.error) return validationError(result.error, kept)
  const outcome = await updatePlatformUser(actor, target, result.data)
  if (!outcome.ok) {
    await auditUserAction(actor, request, { module: 'users', action: 'update', status: 'failure', message: `Update user ${target.email}: ${outcome.error}` })
    return validationError({ fieldErrors: { [outcome.field ?? 'role']: outcome.error } }, kept)
  }
  await auditUserAction(actor, request, { module: 'users', action: 'update', message: `Updated platform user ${target.email}` })
  return redirectWithToast(request, '/users/view', USER_UPDATED)
}

export default function UsersUpdateRoute() {
  const { user, roles } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <PageHeader title="Update User" />
      <UserForm
        mode="update"
        roles={roles}
        email={user.email}
        defaults={{ firstName: user.firstName, lastName: user.lastName, role: user.role, active: user.active }}
      />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Update User | Draftdesk' }]
