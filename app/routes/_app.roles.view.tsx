// /roles/view: the platform roles with the modules each grants and an edit link.
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Badge, PageHeader, SuccessAlert } from '#app/components/platform/fields'
import { SimpleTable } from '#app/components/platform/simple-table'
import { takeToast } from '#app/services/flash.server'
import { listRoles, toRoleJson } from '#app/models/platform-roles.server'
import { parseModules, ROLE_MODULES } from '#app/models/platform-roles.schema'
import { requirePlatform } from '#app/services/auth.server'
import { ButtonLink } from '#app/ui/button'

const LABELS = new Map<string, string>(ROLE_MODULES.map((m) => [m.key, m.label]))

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, 'roles')
  const roles = (await listRoles()).map(toRoleJson)
  const { toast, headers } = await takeToast(request)
  return data({ roles, toast }, { headers })
}

export default function RolesViewRoute() {
  const { roles, toast } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <PageHeader title="Roles">
        <ButtonLink to="/roles/create">Create Role</ButtonLink>
      </PageHeader>
      <SuccessAlert>{toast}</SuccessAlert>
      <SimpleTable
        label="Roles"
        rows={roles}
        rowKey={(r) => r._id}
        columns={[
          { key: 'name', header: 'Name', cell: (r) => r.name },
          { key: 'key', header: 'Key', cell: (r) => <code className="text-xs text-gray-600">{r.key}</code> },
          {
            key: 'permissions',
            header: 'Permissions',
            cell: (r) => (
              <div className="flex flex-wrap gap-1">
                {parseModules(r.permissions).map((m) => (
                  <Badge key={m}>{LABELS.get(m) ?? m}</Badge>
                ))}
              </div>
            ),
          },
          {
            key: 'edit',
            header: 'Edit',
            cell: (r) => (
              <Link to={`/roles/update/${r._id}`} className="font-medium text-brand-600 hover:underline" aria-label={`Edit ${r.name}`}>
                Edit
              </Link>
            ),
          },
        ]}
      />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Roles | Draftdesk' }]
