// /orders/view: 'View Orders' with the View All and Needs Action tabs (server-paged, filtered and sorted in the
// URL), and the layout of its dialogs (settings, assign, bulk), which render in the <Outlet />.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Form, Outlet, type ShouldRevalidateFunction, useLoaderData, useSearchParams } from '@remix-run/react'
import { ColumnPicker } from '#app/components/data-table'
import { NeedsActionTable } from '#app/components/orders/needs-action-table'
import { listParams } from '#app/components/orders/order-settings-links'
import { OrdersListFilters } from '#app/components/orders/orders-list-filters'
import { OrdersListPager, OrdersListScope } from '#app/components/orders/orders-list-pager'
import { OrdersTable } from '#app/components/orders/orders-table'
import { PageHeader, Toast } from '#app/components/page'
import { startLoginAs } from '#app/models/impersonation.server'
import { savedColumns } from '#app/models/table-columns.server'
import { ORDER_PAGE_SIZES } from '#app/models/orders-list.names'
import { parseOrdersListQuery } from '#app/models/orders-list.schema'
import { listOrders, orderFilterChoices, orderListRows } from '#app/models/orders-list.server'
import { isReviewerOnly } from '#app/rules/orders-list'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { takeToast } from '#app/services/flash.server'
import { Alert } from '#app/ui/alert'
import { buttonClass } from '#app/ui/button'
import { UrlTabs } from '#app/ui/url-tabs'
import { readForm } from '#app/services/form-request.server'

const NEEDS_ACTION = 'needs-action'
const BULK_FORM = 'orders-bulk'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/orders/view'))
  const params = new URL(request.url).searchParams
  const showNeedsAction = !isReviewerOnly(t.user)
  const tab = params.get('tab') === NEEDS_ACTION && showNeedsAction ? NEEDS_ACTION : 'all'
  const parsed = parseOrdersListQuery(params, tab === NEEDS_ACTION ? { sort: 'dueDate' } : {})
  if (!parsed.ok) throw data({ message: parsed.error }, { status: 400 })
  const query = parsed.query
  const now = new Date()
  let list = null
  let choices = null
  const columns = tab === 'all' ? await savedColumns(t, 'orders') : null
  try {
    const [page, filterChoices] = await Promise.all([listOrders(t, query, { now, needsAction: tab === NEEDS_ACTION }), tab === 'all' ? orderFilterChoices(t) : null])
    list = {
      rows: await orderListRows(t, page.rows, now, page.related),
      count: page.count,
      offset: page.offset,
      nextCursor: page.nextCursor,
      prevCursor: page.prevCursor,
      lastCursor: page.lastCursor,
    }
    choices = filterChoices
  } catch (error) {
    // The page still renders (tabs, filters, dialogs) with the spec's banner instead of the table.
    console.error(`[orders list] ${request.url}`, error)
  }
  const { toast, headers } = await takeToast(request)
  return data(
    {
      tab,
      showNeedsAction,
      list,
      columns,
      choices,
      sort: { sort: query.sort, dir: query.dir },
      size: query.size,
      can: {
        create: can(t.user, { all: ['WRITE_ORDERS'] }),
        update: can(t.user, { all: ['UPDATE_ORDERS'] }),
        assign: can(t.user, { all: ['ASSIGN_WRITER_REVIEWER'] }),
        loginAs: can(t.user, { all: ['LOGIN_AS_CUSTOMER'] }),
      },
      toast,
    },
    { headers },
  )
}

// 'Login as User' without JavaScript: the button's form posts here in a new window, which follows the link.
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  if (form.get('intent') !== 'login-as') return data({ ok: false, error: 'Unknown action' }, { status: 400 })
  const t = await requirePermission(request, { all: ['LOGIN_AS_CUSTOMER'] })
  const outcome = await startLoginAs(t, request, { id: String(form.get('id') ?? ''), type: 'customer' })
  if (!outcome.ok) return data({ ok: false, error: outcome.error }, { status: outcome.status })
  return redirect(outcome.link)
}

/**
 * Opening or closing a dialog (settings, assign, bulk) changes only the dialog's own part of the URL:
 * the list is not read again then. After a dialog's action it is, since orders may have changed.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate
  if (listParams(currentUrl.searchParams).toString() === listParams(nextUrl.searchParams).toString()) return false
  return defaultShouldRevalidate
}

export default function OrdersViewRoute() {
  const { tab, showNeedsAction, list, columns, choices, sort, size, can, toast } = useLoaderData<typeof loader>()
  const [params] = useSearchParams()
  const selectable = can.update || can.assign
  const pager = list
    ? { count: list.count, offset: list.offset, shown: list.rows.length, size, nextCursor: list.nextCursor, prevCursor: list.prevCursor, lastCursor: list.lastCursor }
    : null
  return (
    <div className="space-y-5">
      <PageHeader title="View Orders" create={can.create ? { to: '/orders/create', thing: 'Order' } : null} />
      <Toast message={toast} />
      <UrlTabs
        label="Orders"
        current={tab}
        tabs={[
          { key: 'all', label: 'View All', to: '/orders/view' },
          ...(showNeedsAction ? [{ key: NEEDS_ACTION, label: 'Needs Action', to: `/orders/view?tab=${NEEDS_ACTION}` }] : []),
        ]}
      />
      <Outlet />
      {tab === 'all' ? (
        <>
          <OrdersListFilters products={choices?.products ?? []} contributors={choices?.contributors ?? []} />
          {list ? (
            <>
              <div className="flex flex-wrap items-start justify-end gap-3">
                <ColumnPicker table="orders" saved={columns} />
                {selectable ? (
                  // The row checkboxes belong to this GET form (form=...): the bulk dialog opens with the selected ids and the list's query.
                  <Form id={BULK_FORM} method="get" action="/orders/view/bulk">
                    {[...listParams(params).entries()].map(([key, value]) => (
                      <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
                    ))}
                    <button type="submit" className={buttonClass('secondary')}>
                      Bulk Actions
                    </button>
                  </Form>
                ) : null}
              </div>
              <OrdersTable
                label="Orders"
                rows={list.rows}
                count={list.count}
                offset={list.offset}
                sort={sort}
                bulkFormId={selectable ? BULK_FORM : undefined}
                actions={{ update: can.update, assign: can.assign }}
                savedColumns={columns}
              />
              <OrdersListPager label="Orders" sizes={ORDER_PAGE_SIZES} page={pager!} />
              <OrdersListScope />
            </>
          ) : (
            <Alert tone="danger">Error loading data</Alert>
          )}
        </>
      ) : list ? (
        <>
          <NeedsActionTable rows={list.rows} count={list.count} offset={list.offset} sort={sort} canLoginAs={can.loginAs} />
          <OrdersListPager label="Needs Action" sizes={ORDER_PAGE_SIZES} page={pager!} />
        </>
      ) : (
        <Alert tone="danger">Unexpected Error!!</Alert>
      )}
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'View Orders | Draftdesk' }]
