// /payments/upgrade: the trial-upgrade mode of the plan list (the trial banner links here): package
// cards, promo code and the subscribe dialog; subscribing ends the trial and charges the default card.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlanPicker } from '#app/components/subscription/plan-picker'
import { planPickerAction, planPickerLoader } from './plan-picker.server'

export const loader = ({ request }: LoaderFunctionArgs) => planPickerLoader(request, 'upgrade')

export const action = ({ request }: ActionFunctionArgs) => planPickerAction(request, 'upgrade')

export default function PaymentsUpgradeRoute() {
  return <PlanPicker />
}

export const meta: MetaFunction = () => [{ title: 'Upgrade | Draftdesk' }]
