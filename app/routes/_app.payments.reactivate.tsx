// /payments/reactivate: the reactivate mode of the plan list, for an organisation whose subscription
// ended (a new subscription on the chosen plan), or one set to end (keep it instead).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlanPicker } from '#app/components/subscription/plan-picker'
import { planPickerAction, planPickerLoader } from './plan-picker.server'

export const loader = ({ request }: LoaderFunctionArgs) => planPickerLoader(request, 'reactivate')

export const action = ({ request }: ActionFunctionArgs) => planPickerAction(request, 'reactivate')

export default function PaymentsReactivateRoute() {
  return <PlanPicker />
}

export const meta: MetaFunction = () => [{ title: 'Reactivate Subscription | Draftdesk' }]
