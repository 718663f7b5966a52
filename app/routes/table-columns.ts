// POST /table-columns: keeps the columns the signed-in person chose for a list (ADR 0074). A plain form post
// (no JavaScript) carries redirectTo and goes back to the list; a fetcher post gets JSON. Whose choice it is
// comes from the session only: any client or user id in the body is ignored.
import { type ActionFunctionArgs, redirect } from '@remix-run/node'
import { auditScopeFor } from '#app/models/audit-logs.server'
import { requirePermission, requireUser, type Tenant, tenantOf } from '#app/models/auth-guards.server'
import { resetColumns, saveColumns } from '#app/models/table-columns.server'
import { safeReturnPath } from '#app/rules/landing'
import { routeGuard } from '#app/rules/routes'
import { isTableKey, type TableKey } from '#app/rules/table-columns'
import { readForm } from '#app/services/form-request.server'
import { forbidden } from '#app/services/http.server'

export async function loader() {
  return redirect('/')
}

/** The same guard as the list the columns belong to: who cannot read the list cannot keep its columns. */
async function tenantFor(request: Request, table: TableKey): Promise<Tenant> {
  switch (table) {
    case 'orders':
      return requirePermission(request, routeGuard('/orders/view'))
    case 'audit-logs': {
      const user = await requireUser(request)
      const scope = await auditScopeFor(user)
      // Platform accounts belong to no organisation: their audit log keeps the default columns.
      if (!scope || scope.platform || user.clientId === null) throw forbidden()
      return tenantOf({ ...user, clientId: user.clientId })
    }
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  const table = form.get('table')
  if (!isTableKey(table)) return Response.json({ ok: false, error: 'Unknown table' }, { status: 400 })
  const t = await tenantFor(request, table)
  const intent = form.get('intent') ?? 'save'
  let columns: string[] | null
  if (intent === 'reset') {
    await resetColumns(t, table)
    columns = null
  } else if (intent === 'save') {
    columns = await saveColumns(t, table, form.getAll('columns'))
  } else {
    return Response.json({ ok: false, error: 'Unknown action' }, { status: 400 })
  }
  const redirectTo = form.get('redirectTo')
  if (typeof redirectTo === 'string' && redirectTo) return redirect(safeReturnPath(redirectTo, '/'))
  return Response.json({ ok: true, columns })
}
