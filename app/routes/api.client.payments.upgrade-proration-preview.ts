// POST /api/client/payments/upgrade-proration-preview {userQuantity, recurringInterval}: what adding
// that many units costs now ({prorationChanges: {amount}} in cents, charged at once) and from the next
// cycle (the added quantity times the unit price plus the current subscription price).
import type { ActionFunctionArgs } from '@remix-run/node'
import { MANAGE_SUBSCRIPTION, usersIncreaseSchema } from '#app/models/subscription.schema'
import { previewUsersIncrease } from '#app/models/subscription.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { failureJson, paymentsOr503 } from './subscription-api.server'
import { requirePermission } from '#app/models/auth-guards.server'

export const loader = () => methodNotAllowed()

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, MANAGE_SUBSCRIPTION)
  const parsed = await parseBody(request, usersIncreaseSchema)
  if (!parsed.ok) return parsed.response
  const { payments, response } = paymentsOr503()
  if (response) return response
  const outcome = await previewUsersIncrease(t, payments, parsed.data)
  if (!outcome.ok) return failureJson(outcome)
  const p = outcome.value
  return apiJson({
    status: true,
    prorationChanges: { amount: p.dueNowCents, currency: p.currency, prorationDate: p.prorationDate },
    nextCycle: { amount: p.nextCycleCents, date: new Date(p.nextInvoiceAt * 1000).toISOString() },
    userQuantity: p.userQuantity,
    quantity: p.quantity,
    maxUsers: p.maxUsers,
    recurringInterval: p.interval,
  })
}
