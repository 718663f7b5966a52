// POST /api/client/payments/pause-subscription (empty body): pauses for one month from the end of the billing cycle (at most 2 per subscription year);
// answers {status, message, updateUser}.
import { methodNotAllowed } from '#app/services/api-request.server'
import { bodilessSubscriptionAction } from './subscription-api.server'

export const loader = () => methodNotAllowed()

export const action = bodilessSubscriptionAction('pause')
