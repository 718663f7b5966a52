// /roles/view: the platform roles with the modules each grants and an edit link.
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { SuccessAlert } from '#app/components/form-parts'
import { Badge, PageHeader } from '#app/components/page'
import { DataTable } from '#app/components/data-table'
import { takeToast } from '#app/services/flash.server'
import { pageRoles, toRoleJson } from '#app/models/platform-roles.server'
import { parseModules, ROLE_MODULES } from '#app/models/platform-roles.schema'
import { parseTableQuery, PEOPLE_PAGE_SIZES } from '#app/rules/table-query'
import { requirePlatform } from '#app/models/auth-guards.server'
import { rowActionClass } from '#app/ui/row-actions'

const LABELS = new Map<string, string>(ROLE_MODULES.map((m) => [m.key, m.label]))

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, 'roles')
  const query = parseTableQuery(new URL(request.url).searchParams, { sizes: PEOPLE_PAGE_SIZES, sortable: ['name'], defaultSort: 'name' })
  const { rows, count } = await pageRoles(query)
  const { toast, headers } = await takeToast(request)
  return data({ roles: rows.map(toRoleJson), count, query, toast }, { headers })
}

export default function RolesViewRoute() {
  const { roles, count, query, toast } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <PageHeader title="Roles" create={{ to: '/roles/create', thing: 'Role' }} />
      <SuccessAlert>{toast}</SuccessAlert>
      <DataTable
        label="Roles"
        rows={roles}
        rowKey={(r) => r._id}
        total={count}
        query={query}
        sizes={PEOPLE_PAGE_SIZES}
        searchPlaceholder="Name or key"
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
              <Link to={`/roles/update/${r._id}`} className={rowActionClass()} aria-label={`Edit ${r.name}`}>
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
