// /agreements/{orderId}: the agreement a customer accepted when buying, for that customer only (issue 24).
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ContractAcceptance } from '#app/components/orders/contract-acceptance'
import { acceptanceForCustomer } from '#app/models/contract-acceptances.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const agreement = await acceptanceForCustomer(t, customer.id, (params.orderId ?? '').slice(0, 64))
  // Another customer's order, or an order without an agreement: not found, whichever it is.
  if (!agreement) throw data('Agreement not found', { status: 404 })
  return { agreement }
}

export default function AgreementRoute() {
  const { agreement } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-4">
      <ContractAcceptance acceptance={agreement} headingLevel="h1" />
      <p>
        <Link to="/account" className="font-medium text-brand-700 hover:underline">
          Back to my account
        </Link>
      </p>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Signed agreement' }]
