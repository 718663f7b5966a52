// /payments/payouts: the four payout states of back-office section 4 (Setup Payouts, Continue Setup,
// awaiting verification, configured) and the Stripe-hosted onboarding the owner is sent to (ADR 0037).
import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { FormAlert } from '#app/components/form-parts'
import { Badge, PageHeader } from '#app/components/page'
import { NotTakingOrdersNotice } from '#app/components/not-taking-orders'
import { PAYOUTS_FAILED, payoutActions, type PayoutStatus } from '#app/models/payouts.server'
import { storefrontPayments } from '#app/models/storefront-payments.server'
import { NO_PAYOUT_PROFILE, payoutAction, requirementLabel } from '#app/rules/payouts'
import { getAuth } from '#app/models/auth-guards.server'
import { Alert } from '#app/ui/alert'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { billingService } from '#app/services/billing-request.server'
import { PAYOUTS_OWN_SESSION, requirePayoutsOwner } from './client-billing-request.server'

const RETURN_NOTES: Record<string, string> = {
  returned: 'Welcome back from Stripe. The status below is what Stripe reports now.',
  expired: 'The setup link has expired. Start again to get a new one.',
}

const FAILED_NOTE = 'failed'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePayoutsOwner(request)
  const payments = billingService()
  let status: PayoutStatus = { profile: NO_PAYOUT_PROFILE, state: 'not_started' }
  let loadError: string | null = payments ? null : PAYOUTS_FAILED
  if (payments) {
    try {
      status = await payoutActions.status(t, payments)
    } catch (error) {
      console.error('[billing] reading the payout profile failed', error instanceof Error ? error.message : error)
      loadError = PAYOUTS_FAILED
    }
  }
  // What Stripe says now, which also refreshes the portal's remembered answer (just back from onboarding).
  const storefront = await storefrontPayments(t, { fresh: true, payments })
  const { session } = await getAuth(request)
  const setup = new URL(request.url).searchParams.get('setup') ?? ''
  return {
    ...status,
    notTakingOrders: storefront.takingOrders ? null : storefront.reason,
    loadError: loadError ?? (setup === FAILED_NOTE ? PAYOUTS_FAILED : null),
    note: RETURN_NOTES[setup] ?? null,
    setupRefused: session.get('impersonatorUserId') ? PAYOUTS_OWN_SESSION : null,
  }
}

const TEXT = {
  not_started: 'Receive your customers’ payments in your bank account. Stripe collects your business and bank details on its own secure pages.',
  continue: 'Your details are submitted, but Stripe needs more before payouts can start:',
  verifying: 'Your details are submitted and awaiting verification by Stripe. This page shows the result once Stripe has checked them.',
  configured: 'Payouts are configured: charges and payouts are enabled.',
} as const

export default function PayoutsRoute() {
  const { profile, state, loadError, note, setupRefused, notTakingOrders } = useLoaderData<typeof loader>()
  const button = payoutAction(state)
  return (
    <div className="max-w-2xl space-y-6">
      <PageHeader title="Payouts" />
      <FormAlert>{loadError}</FormAlert>
      {note ? <Alert tone="info">{note}</Alert> : null}
      {/* The way to set up payouts is this page's own button below. */}
      {notTakingOrders ? <NotTakingOrdersNotice reason={notTakingOrders} payoutsLink={false} /> : null}
      <Card aria-label="Payouts status" data-state={state}>
        <div className="mb-3 flex items-center gap-3">
          <h2 className="text-lg font-semibold text-gray-900">Stripe payouts</h2>
          {state === 'configured' ? <Badge tone="green">Enabled</Badge> : state === 'verifying' ? <Badge tone="amber">Awaiting verification</Badge> : null}
        </div>
        <p className="text-sm text-gray-700">{TEXT[state]}</p>
        {state === 'continue' ? (
          <ul className="mt-2 list-disc pl-5 text-sm text-gray-700" aria-label="Still needed">
            {profile.requirements.currently_due.map((r) => (
              <li key={r}>{requirementLabel(r)}</li>
            ))}
          </ul>
        ) : null}
        <dl className="mt-4 grid grid-cols-3 gap-3 text-sm">
          <Flag term="Details submitted" on={profile.details_submitted} />
          <Flag term="Charges" on={profile.charges_enabled} />
          <Flag term="Payouts" on={profile.payouts_enabled} />
        </dl>
        {button ? (
          setupRefused ? (
            <p className="mt-4 text-sm text-amber-800">{setupRefused}</p>
          ) : (
            <div className="mt-4">
              {/* A document navigation, with or without JavaScript: the server redirects to Stripe. */}
              <a href="/payments/payouts/setup" className={buttonClass('primary')}>
                {button}
              </a>
            </div>
          )
        ) : null}
      </Card>
    </div>
  )
}

function Flag({ term, on }: { term: string; on: boolean }) {
  return (
    <div>
      <dt className="text-gray-500">{term}</dt>
      <dd className={on ? 'font-medium text-green-700' : 'font-medium text-gray-700'}>{on ? 'Yes' : 'No'}</dd>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Payouts | Draftdesk' }]
