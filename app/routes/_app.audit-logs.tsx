// /audit-logs: filter by module, action and status; a server-paged table, newest first. The owner of
// an organisation (full access) sees its logs; superadmin and platform staff with the audit-logs module see all.
// Roles, modules and actions read as labels, and the filter offers one choice per value whatever its spelling
// (rules/audit-labels); the JSON API keeps the raw values.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useSubmit } from '@remix-run/react'
import { inputClass, labelClass } from '#app/components/form-parts'
import { Badge, PageHeader } from '#app/components/page'
import { type Column, DataTable, ListDate } from '#app/components/data-table'
import { type AuditLogJson, auditScopeFor } from '#app/models/audit-logs.server'
import { auditQuerySchema } from '#app/models/audit-logs.schema'
import { AUDIT_PAGE_SIZES } from '#app/models/audit-logs.names'
import { requireUser, tenantOf } from '#app/models/auth-guards.server'
import { savedColumns } from '#app/models/table-columns.server'
import { actionLabel, auditFilterGroups, auditFilterVariants, moduleLabel, roleLabel, spellOut } from '#app/rules/audit-labels'
import { buttonClass, ButtonLink } from '#app/ui/button'
import { useHydrated } from '#app/ui/use-hydrated'
import { forbidden } from '#app/services/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const scope = await auditScopeFor(user)
  if (!scope) throw forbidden()
  const query = auditQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  // Platform accounts belong to no organisation: they see the default columns, without a picker.
  const canSaveColumns = !scope.platform && user.clientId !== null
  const [raw, columns] = await Promise.all([scope.options(), canSaveColumns ? savedColumns(tenantOf({ ...user, clientId: user.clientId! }), 'audit-logs') : null])
  const options = {
    modules: auditFilterGroups(raw.modules, moduleLabel),
    actions: auditFilterGroups(raw.actions, actionLabel),
    statuses: auditFilterGroups(raw.statuses, spellOut),
  }
  const { logs, count } = await scope.list({
    ...query,
    moduleIn: auditFilterVariants(options.modules, query.module),
    actionIn: auditFilterVariants(options.actions, query.action),
  })
  return { logs, count, options, query, platform: scope.platform, columns, canSaveColumns }
}

const FILTERS = [
  { name: 'module', label: 'Module', key: 'modules' },
  { name: 'action', label: 'Action', key: 'actions' },
  { name: 'status', label: 'Status', key: 'statuses' },
] as const

/** The filter's current choice: the group holding the URL's value, whichever variant the URL names. */
function selected(groups: { value: string; variants: string[] }[], value: string | undefined): string {
  if (!value) return ''
  return groups.find((g) => g.variants.includes(value))?.value ?? value
}

export default function AuditLogsRoute() {
  const { logs, count, options, query, platform, columns: saved, canSaveColumns } = useLoaderData<typeof loader>()
  const submit = useSubmit()
  const hydrated = useHydrated()
  const columns: Column<AuditLogJson>[] = [
    { key: 'user', header: 'User', cell: (l) => `${l.user.firstName} ${l.user.lastName}`.trim() || '—' },
    { key: 'role', header: 'Role', cell: (l) => roleLabel(l.user.role) },
    ...(platform ? [{ key: 'org', header: 'Organisation', cell: (l: AuditLogJson) => l.organisation ?? 'Platform' }] : []),
    { key: 'module', header: 'Module', cell: (l) => moduleLabel(l.module) },
    { key: 'action', header: 'Action', cell: (l) => actionLabel(l.action) },
    { key: 'status', header: 'Status', cell: (l) => <Badge tone={l.status === 'success' ? 'green' : 'red'}>{spellOut(l.status)}</Badge> },
    { key: 'ip', header: 'Host IP', cell: (l) => l.host_ip ?? '—' },
    { key: 'message', header: 'Message', cell: (l) => l.message, className: 'min-w-40 max-w-md break-words' },
    { key: 'createdAt', header: 'Created At', cell: (l) => <ListDate value={l.createdAt} time /> },
  ]
  const filtered = !!(query.module || query.action || query.status)
  return (
    <div className="space-y-6">
      <PageHeader title="Audit Logs" />
      <Form
        method="get"
        aria-label="Filters"
        className="flex flex-wrap items-end gap-4 rounded-lg bg-white p-4 shadow-xs ring-1 ring-gray-200"
        onChange={(e) => submit(e.currentTarget)}
      >
        {FILTERS.map((f) => (
          <div key={f.name} className="min-w-40">
            <label htmlFor={`filter-${f.name}`} className={labelClass}>
              {f.label}
            </label>
            <select id={`filter-${f.name}`} name={f.name} defaultValue={selected(options[f.key], query[f.name])} className={inputClass}>
              <option value="">All</option>
              {options[f.key].map((g) => (
                <option key={g.value} value={g.value}>
                  {g.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <input type="hidden" name="size" value={query.size} />
        {hydrated ? null : (
          <button type="submit" className={buttonClass('primary')}>
            Filter
          </button>
        )}
        {filtered ? (
          <ButtonLink to={`?size=${query.size}`} variant="secondary">
            Clear
          </ButtonLink>
        ) : null}
      </Form>
      <DataTable
        label="Audit logs"
        rows={logs}
        rowKey={(l) => l._id}
        columns={columns}
        total={count}
        query={{ page: query.page, size: query.size, start: (query.page - 1) * query.size, search: '', sort: 'createdAt', dir: 'desc' }}
        sizes={AUDIT_PAGE_SIZES}
        searchable={false}
        columnChoice={{ table: 'audit-logs', saved, canSave: canSaveColumns }}
      />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Audit Logs | Draftdesk' }]
