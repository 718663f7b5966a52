// POST /api/client/payments/pay-open-invoice (empty body): pays the open (past due) invoice with the default card, which unlocks a locked account;
// answers {status, message, updateUser}. Guard PAY_OPEN_INVOICE, the invoices page's Pay Now rule (ADR 0052).
import { methodNotAllowed } from '#app/services/api-request.server'
import { bodilessSubscriptionAction } from './subscription-api.server'

export const loader = () => methodNotAllowed()

export const action = bodilessSubscriptionAction('payOpenInvoice')
