// /work/earnings: the contributor's own pay per order, what is owed and what staff recorded as paid, per
// month, and their own ratings and response times (ADR 0068). Their orders only; never the customer's price.
import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PageHeader } from '#app/components/page'
import { EarningMonths, EarningOrders, EarningTotals, MyFigures } from '#app/components/work/earnings'
import { contributorEarnings, ownFigures } from '#app/models/work-earnings.server'
import { requireContributor } from './contributor-access.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requireContributor(request)
  const [earnings, figures] = await Promise.all([
    contributorEarnings(t),
    // The figures are a nicety beside the money: a failure there leaves the earnings standing.
    ownFigures(t).catch((error: unknown) => {
      console.error('[work earnings] own figures', error)
      return null
    }),
  ])
  return { earnings, figures }
}

export default function WorkEarningsRoute() {
  const { earnings, figures } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <PageHeader title="Earnings" />
      <p className="max-w-3xl text-sm text-gray-600">
        What your team pays you per order. An order is owed once it is complete, and paid once your team records the payment; no money moves on this page.
      </p>
      <EarningTotals totals={earnings.totals} />
      <MyFigures figures={figures} />
      <EarningMonths months={earnings.months} />
      <EarningOrders orders={earnings.orders} />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Earnings | Draftdesk' }]
