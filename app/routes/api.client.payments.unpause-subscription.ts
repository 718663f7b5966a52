// POST /api/client/payments/unpause-subscription (empty body): ends the pause now (or withdraws one not begun yet);
// answers {status, message, updateUser}.
import { methodNotAllowed } from '#app/services/api-request.server'
import { bodilessSubscriptionAction } from './subscription-api.server'

export const loader = () => methodNotAllowed()

export const action = bodilessSubscriptionAction('unpause')
