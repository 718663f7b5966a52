// /promotions/view: the platform promotions with their redemptions, and delete by code ('Deleted!').
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { DataTable } from '#app/components/data-table'
import { SuccessAlert } from '#app/components/form-parts'
import { PageHeader } from '#app/components/page'
import { pagePromotions, promotionActions, toPromotionJson } from '#app/models/promotions.server'
import { PROMOTION_DELETED, PROMOTION_FAILED } from '#app/models/promotions.schema'
import { DEFAULT_CURRENCY, formatMoney } from '#app/rules/money'
import { parseTableQuery, PEOPLE_PAGE_SIZES } from '#app/rules/table-query'
import { requirePlatform } from '#app/models/auth-guards.server'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { Alert } from '#app/ui/alert'
import { billingService } from '#app/services/billing-request.server'
import { readForm } from '#app/services/form-request.server'
import { DeleteRowForm } from '#app/ui/row-actions'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, 'promotions')
  const query = parseTableQuery(new URL(request.url).searchParams, { sizes: PEOPLE_PAGE_SIZES, sortable: ['name'], defaultSort: 'name' })
  const { rows, count } = await pagePromotions(query)
  const { toast, headers } = await takeToast(request)
  return data({ promotions: rows.map(toPromotionJson), count, query, toast }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requirePlatform(request, 'promotions')
  const form = await readForm(request)
  if (form.get('intent') !== 'delete') return data({ error: PROMOTION_FAILED }, { status: 400 })
  const payments = billingService()
  if (!payments) return data({ error: PROMOTION_FAILED }, { status: 503 })
  const result = await promotionActions.delete(actor, request, String(form.get('couponCode') ?? ''), payments)
  if (!result.ok) return data({ error: result.error }, { status: result.status })
  return redirectWithToast(request, `/promotions/view${new URL(request.url).search}`, PROMOTION_DELETED)
}

function describeDuration(p: { duration: string; duration_in_months: number | null }) {
  return p.duration === 'repeating' ? `Repeating (${p.duration_in_months} months)` : p.duration === 'forever' ? 'Forever' : 'Once'
}

export default function PromotionsViewRoute() {
  const { promotions, count, query, toast } = useLoaderData<typeof loader>()
  const failed = useActionData<typeof action>()
  return (
    <div className="space-y-6">
      <PageHeader title="Promotions" create={{ to: '/promotions/create', thing: 'Promotion' }} />
      <SuccessAlert>{toast}</SuccessAlert>
      {failed?.error ? <Alert tone="danger">{failed.error}</Alert> : null}
      <DataTable
        label="Promotions"
        rows={promotions}
        rowKey={(p) => p._id}
        total={count}
        query={query}
        sizes={PEOPLE_PAGE_SIZES}
        searchPlaceholder="Coupon code"
        columns={[
          { key: 'n', header: '#', cell: (_p, i) => query.start + i + 1, className: 'w-12 text-gray-500' },
          { key: 'code', header: 'Coupon Code', cell: (p) => <code className="font-medium">{p.couponCode}</code> },
          { key: 'discount', header: 'Discount', cell: (p) => (p.discount_type === 'percent' ? `${p.value}%` : `${formatMoney(p.value, DEFAULT_CURRENCY)} flat`) },
          { key: 'duration', header: 'Duration', cell: describeDuration },
          { key: 'redeemed', header: 'Redeemed', cell: (p) => `${p.availed_times} / ${p.max_redemptions}` },
          { key: 'redeemBy', header: 'Redeem By', cell: (p) => p.redeem_by.slice(0, 10) },
          { key: 'created', header: 'Created', cell: (p) => p.createdAt.slice(0, 10) },
          {
            key: 'actions',
            header: 'Actions',
            cell: (p) => <DeleteRowForm name={p.couponCode} fields={{ intent: 'delete', couponCode: p.couponCode }} />,
          },
        ]}
      />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Promotions | Draftdesk' }]
