// /products/customer-coupons/view: coupons (server-paged 25/50/100), delete with WRITE_COUPONS ('Deleted!').
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { DataTable } from '#app/components/data-table'
import { smallButton } from '#app/components/form-parts'
import { PageHeader, Toast } from '#app/components/page'
import { readToast, redirectWithToast } from '#app/models/content-common.server'
import { COUPON_SIZES } from '#app/models/content.schema'
import { couponActions, getCoupon, listCoupons } from '#app/models/coupons.server'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { parseTableQuery } from '#app/rules/table-query'
import { requirePermission } from '#app/models/auth-guards.server'
import { ButtonLink } from '#app/ui/button'
import { notFound } from '#app/services/http.server'
import { readForm } from '#app/services/form-request.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/customer-coupons/view'))
  const query = parseTableQuery(new URL(request.url).searchParams, {
    sizes: COUPON_SIZES,
    sortable: ['name', 'createdAt', 'redeemBy'] as const,
    defaultSort: 'createdAt',
    defaultDir: 'desc',
  })
  const { coupons, count } = await listCoupons(t, { offset: query.start, size: query.size, search: query.search, sort: query.sort, dir: query.dir })
  const { toast, headers } = await readToast(request)
  return data({ coupons, count, query, toast, canWrite: can(t.user, { all: ['WRITE_COUPONS'] }) }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, { all: ['WRITE_COUPONS'] })
  const form = await readForm(request)
  const row = await getCoupon(t, String(form.get('id') ?? ''))
  if (!row) throw notFound()
  await couponActions.delete(t, request, row)
  return redirectWithToast(request, `/products/customer-coupons/view${new URL(request.url).search}`, 'Deleted!')
}

export default function CouponsViewRoute() {
  const { coupons, count, query, toast, canWrite } = useLoaderData<typeof loader>()
  return (
    <div>
      <PageHeader title="Customer Coupons">{canWrite && <ButtonLink to="/products/customer-coupons/create">Add Coupon</ButtonLink>}</PageHeader>
      <Toast message={toast} />
      <DataTable
        label="Coupons"
        rows={coupons}
        rowKey={(c) => c._id}
        total={count}
        query={query}
        sizes={COUPON_SIZES}
        searchPlaceholder="Search coupon codes"
        columns={[
          { key: 'n', header: '#', cell: (_c, i) => i + 1 },
          { key: 'code', header: 'Coupon Code', sort: 'name', cell: (c) => <code>{c.couponCode}</code> },
          { key: 'discount', header: 'Discount', cell: (c) => (c.discount_type === 'percent' ? `${c.value}%` : `${c.value} (flat)`) },
          { key: 'redemptions', header: 'Redeemed', cell: (c) => `${c.availed_times} / ${c.max_redemptions}` },
          { key: 'expires', header: 'Expires', sort: 'redeemBy', cell: (c) => c.redeem_by?.slice(0, 10) ?? '' },
          { key: 'product', header: 'Product', cell: (c) => c.appliesToProducts?.packageName ?? 'All products' },
          { key: 'created', header: 'Created', sort: 'createdAt', cell: (c) => c.createdAt?.slice(0, 10) ?? '' },
          ...(canWrite
            ? [
                {
                  key: 'actions',
                  header: 'Actions',
                  cell: (c: (typeof coupons)[number]) => (
                    <Form method="post" onSubmit={(e) => !window.confirm(`Delete coupon ${c.couponCode}?`) && e.preventDefault()}>
                      <input type="hidden" name="id" value={c._id} />
                      <button type="submit" className={`${smallButton} text-red-700`} aria-label={`Delete ${c.couponCode}`}>
                        Delete
                      </button>
                    </Form>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Customer Coupons | Draftdesk' }]
