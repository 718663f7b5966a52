// /checkout: on the platform host the plan checkout (portal spec section 2, ADR 0035); on an
// organisation's own host its customers' checkout (issue 24, ADR 0058), in the portal's shell.
import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { PlanCheckout, type PlanCheckoutData } from '#app/components/checkout/plan-checkout'
import { PortalCheckout, type PortalCheckoutData } from '#app/components/portal/portal-checkout'
import { PortalShell } from '#app/components/portal/portal-shell'
import { portalShell } from '#app/models/portal-shell.server'
import { hostClientId } from '#app/services/request-host.server'
import { planCheckoutAction, type PlanCheckoutAnswer, planCheckoutLoader } from './plan-checkout.server'
import { portalCheckoutAction, type PortalCheckoutAnswer, portalCheckoutLoader } from './portal-checkout.server'

export async function loader({ request }: LoaderFunctionArgs) {
  if (hostClientId(request) === null) return { kind: 'plan' as const, plan: await planCheckoutLoader(request) }
  const [portal, shell] = await Promise.all([portalCheckoutLoader(request), portalShell(request)])
  return { kind: 'portal' as const, portal, shell }
}

export async function action({ request }: ActionFunctionArgs) {
  return hostClientId(request) === null ? planCheckoutAction(request) : portalCheckoutAction(request)
}

export default function CheckoutRoute() {
  const loaded = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  if (loaded.kind === 'plan') return <PlanCheckout loaderData={loaded.plan as PlanCheckoutData} actionData={actionData as PlanCheckoutAnswer | undefined} />
  const page = <PortalCheckout loaderData={loaded.portal as PortalCheckoutData} actionData={actionData as PortalCheckoutAnswer | undefined} />
  return loaded.shell ? <PortalShell shell={loaded.shell}>{page}</PortalShell> : page
}

// A document POST (no JavaScript) gets the action's session cookie (and the plan checkout's Refresh to the dashboard).
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const passed = new Headers()
  for (const value of actionHeaders.getSetCookie()) passed.append('Set-Cookie', value)
  const refresh = actionHeaders.get('Refresh')
  if (refresh) passed.set('Refresh', refresh)
  return passed
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded?.kind === 'portal' && loaded.shell ? `Checkout | ${loaded.shell.companyName}` : 'Checkout | Draftdesk' },
]
