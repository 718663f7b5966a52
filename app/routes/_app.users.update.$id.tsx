// /users/update/{id}: edit a platform user; the e-mail is fixed and an empty password keeps the current one.
// "Send reset link" e-mails them a link to choose their own password. Only users whose modules the editor holds (ADR 13).
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { PageHeader } from '#app/components/page'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { UserForm } from '#app/components/platform/user-form'
import { FormAlert, SuccessAlert } from '#app/components/form-parts'
import { findPlatformUser, mayManage, platformUserActions, roleOptionsFor, SUPERADMIN_ONLY, toPlatformUserJson } from '#app/models/platform-users.server'
import { OUT_OF_REACH, RESET_LINK_SENT_TO } from '#app/rules/reach'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { platformUserUpdateValidator, USER_UPDATED } from '#app/models/platform-users.schema'
import { type AuthUser } from '#app/models/account.server'
import { forbidden, notFound } from '#app/services/http.server'
import { readForm } from '#app/services/form-request.server'
import { requirePlatform } from '#app/models/auth-guards.server'

async function loadTarget(actor: AuthUser, id: string | undefined) {
  const target = await findPlatformUser(id ?? '')
  if (!target) throw notFound()
  if (target.is_superadmin && actor.role !== 'superadmin') throw forbidden(SUPERADMIN_ONLY)
  if (!mayManage(actor, target)) throw forbidden(OUT_OF_REACH)
  return target
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requirePlatform(request, 'users')
  const target = await loadTarget(actor, params.id)
  const user = toPlatformUserJson(target)
  const roles = await roleOptionsFor(actor)
  // A role the editor may not give still shows as the current value.
  if (user.role && !roles.some((r) => r.value === user.role)) roles.push({ value: user.role, label: user.roleName })
  const { toast, headers } = await takeToast(request)
  return data({ user, roles, toast }, { headers })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requirePlatform(request, 'users')
  const target = await loadTarget(actor, params.id)
  const form = await readForm(request)
  if (form.get('intent') === 'send-reset') return sendResetLinkAnswer(actor, request, target)
  const result = await platformUserUpdateValidator.validate(form)
  const { password: _password, ...kept } = result.submittedData
  if (result.error) return validationError(result.error, kept)
  const outcome = await platformUserActions.update(actor, request, target, result.data)
  if (!outcome.ok) return validationError({ fieldErrors: { [outcome.field ?? 'role']: outcome.error } }, kept)
  return redirectWithToast(request, '/users/view', USER_UPDATED)
}

async function sendResetLinkAnswer(actor: AuthUser, request: Request, target: NonNullable<Awaited<ReturnType<typeof findPlatformUser>>>) {
  const outcome = await platformUserActions.sendResetLink(actor, request, target)
  if (!outcome.ok) return data({ resetError: outcome.error }, { status: outcome.status })
  return redirectWithToast(request, `/users/update/${target.public_id}`, `${RESET_LINK_SENT_TO} ${target.email}`)
}

export default function UsersUpdateRoute() {
  const { user, roles, toast } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as { resetError?: string } | undefined
  return (
    <div className="space-y-6">
      <PageHeader title="Update User" />
      <SuccessAlert>{toast}</SuccessAlert>
      <UserForm mode="update" roles={roles} email={user.email} defaults={{ firstName: user.firstName, lastName: user.lastName, role: user.role, active: user.active }} />
      <Card aria-label="Password reset">
        <h2 className="mb-2 text-lg font-semibold text-gray-900">Password</h2>
        <p className="mb-4 text-sm text-gray-600">Rather than typing a password for {user.firstName}, e-mail them a link to choose their own.</p>
        <FormAlert>{answer?.resetError}</FormAlert>
        <Form method="post">
          <input type="hidden" name="intent" value="send-reset" />
          <button type="submit" className={buttonClass('secondary')}>
            Send reset link
          </button>
        </Form>
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Update User | Draftdesk' }]
