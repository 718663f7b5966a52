// /payments/payouts/setup: opens Stripe's hosted onboarding (Setup Payouts / Continue Setup). A link, not a
// form: the Content-Security-Policy's form-action 'self' would stop a form post redirected to Stripe. It makes
// the Connect account the first time, so the same-origin guard treats this GET like a write (ADR 0037).
import { type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { payoutActions } from '#app/models/payouts.server'
import { billingService } from '#app/services/billing-request.server'
import { requirePayoutsSetup } from './client-billing-request.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePayoutsSetup(request)
  const payments = billingService()
  const outcome = payments ? await payoutActions.initiateSetup(t, request, payments) : null
  if (!outcome?.ok) return redirect('/payments/payouts?setup=failed')
  return redirect(outcome.url)
}

/** Never shown: the loader always redirects (or refuses). */
export default function PayoutsSetupRoute() {
  return null
}

export const meta: MetaFunction = () => [{ title: 'Payouts | Draftdesk' }]
