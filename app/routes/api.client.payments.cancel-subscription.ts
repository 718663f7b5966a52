// POST /api/client/payments/cancel-subscription (empty body): cancels at the end of the paid period (an unpaid subscription at once);
// answers {status, message, updateUser}.
import { methodNotAllowed } from '#app/services/api-request.server'
import { bodilessSubscriptionAction } from './subscription-api.server'

export const loader = () => methodNotAllowed()

export const action = bodilessSubscriptionAction('cancel')
