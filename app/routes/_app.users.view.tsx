// /users/view: the platform users (Name, Email, Role, Active, edit link), with an Active switch per row.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { FormAlert, SuccessAlert } from '#app/components/form-parts'
import { Badge, PageHeader } from '#app/components/page'
import { DataTable } from '#app/components/data-table'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { findPlatformUser, mayManage, pagePlatformUsers, platformUserActions, toPlatformUserJson, type PlatformUserJson } from '#app/models/platform-users.server'
import { changeStatusSchema } from '#app/models/platform-users.schema'
import { parseTableQuery, PEOPLE_PAGE_SIZES } from '#app/rules/table-query'
import { requirePlatform } from '#app/models/auth-guards.server'
import { cn } from '#app/ui/cn'
import { rowActionClass, RowForm, RowLink } from '#app/ui/row-actions'
import { notFound } from '#app/services/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requirePlatform(request, 'users')
  const query = parseTableQuery(new URL(request.url).searchParams, { sizes: PEOPLE_PAGE_SIZES, sortable: ['name'], defaultSort: 'name' })
  const { rows, count } = await pagePlatformUsers(query)
  const { toast, headers } = await takeToast(request)
  // manageable: the editor holds every module of the user's role (ADR 13).
  const users = rows.map((r) => ({ ...toPlatformUserJson(r), manageable: mayManage(actor, r) }))
  return data({ users, count, query, toast, me: actor.publicId }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requirePlatform(request, 'users')
  const parsed = changeStatusSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? 'Unexpected Error Please Try again' }, { status: 400 })
  const target = await findPlatformUser(parsed.data._id)
  if (!target) throw notFound()
  const outcome = await platformUserActions.setActive(actor, request, target, parsed.data.active)
  if (!outcome.ok) return data({ error: outcome.error }, { status: outcome.status })
  return redirectWithToast(request, `/users/view${new URL(request.url).search}`, 'Changed Successfully!')
}

/** A row's Active switch: a plain form the table's one submit handler posts; `pending` is the value on its way. */
function ActiveSwitch({ user, disabled, action, pending }: { user: PlatformUserJson; disabled: boolean; action: string; pending: boolean | null }) {
  const active = pending ?? user.active
  return (
    <RowForm action={action} className="flex items-center gap-2">
      <input type="hidden" name="_id" value={user._id} />
      <button
        type="submit"
        name="active"
        value={active ? 'false' : 'true'}
        role="switch"
        aria-checked={active}
        aria-label={`Active: ${user.firstName} ${user.lastName}`}
        disabled={disabled || pending !== null}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-50',
          active ? 'bg-brand-600' : 'bg-gray-200',
        )}
      >
        <span className={cn('mt-0.5 inline-block size-5 rounded-full bg-white shadow transition-transform', active ? 'translate-x-5.5' : 'translate-x-0.5')} />
      </button>
      <Badge tone={active ? 'green' : 'gray'}>{active ? 'Active' : 'Inactive'}</Badge>
    </RowForm>
  )
}

type Row = PlatformUserJson & { manageable: boolean }

export default function UsersViewRoute() {
  const { users, count, query, toast, me } = useLoaderData<typeof loader>()
  // Only users whose modules the editor holds (superadmins only by a superadmin); nobody switches themselves off.
  const locked = (u: Row) => u._id === me || !u.manageable
  const actionData = useActionData<typeof action>()
  // Read once for the table, not by a hook in every row: the switch being posted and its new value.
  const { search } = useLocation()
  const navigation = useNavigation()
  const pendingId = navigation.formData?.get('_id')
  const pendingActive = navigation.formData?.get('active') === 'true'
  return (
    <div className="space-y-6">
      <PageHeader title="Users" create={{ to: '/users/create', thing: 'User' }} />
      <SuccessAlert>{toast}</SuccessAlert>
      <FormAlert>{actionData && 'error' in actionData ? actionData.error : null}</FormAlert>
      <DataTable
        label="Users"
        rows={users}
        rowKey={(u) => u._id}
        total={count}
        query={query}
        sizes={PEOPLE_PAGE_SIZES}
        searchPlaceholder="Name or email"
        columns={[
          { key: 'name', header: 'Name', cell: (u) => `${u.firstName} ${u.lastName}` },
          { key: 'email', header: 'Email', cell: (u) => u.email },
          { key: 'role', header: 'Role', cell: (u) => u.roleName || u.role },
          {
            key: 'active',
            header: 'Active',
            cell: (u) => <ActiveSwitch user={u} disabled={locked(u)} action={`/users/view${search}`} pending={pendingId === u._id ? pendingActive : null} />,
          },
          {
            key: 'edit',
            header: 'Edit',
            cell: (u) =>
              !u.manageable ? null : (
                <RowLink to={`/users/update/${u._id}`} className={rowActionClass()} aria-label={`Edit ${u.firstName} ${u.lastName}`}>
                  Edit
                </RowLink>
              ),
          },
        ]}
      />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Users | Draftdesk' }]
