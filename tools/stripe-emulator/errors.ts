// Stripe's error objects and HTTP statuses, thrown by handlers and rendered by the server.
export type StripeErrorType = 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error'

export type StripeErrorBody = {
  type: StripeErrorType
  message: string
  code?: string
  decline_code?: string
  param?: string
  charge?: string
  payment_intent?: unknown
  doc_url?: string
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message)
  }

  toJSON() {
    return { error: this.body }
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`

export function invalidRequest(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code, doc_url: docUrl(code) } : {}) })
}

/** A missing object named in the URL is a 404; one named in a parameter is a 400 with `param`. */
export function resourceMissing(kind: string, id: string, param?: string): StripeApiError {
  return new StripeApiError(param ? 400 : 404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    doc_url: docUrl('resource_missing'),
    message: `No such ${kind}: '${id}'`,
    ...(param ? { param } : {}),
  })
}

export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing')
}

export type Decline = { declineCode: string; message: string }

export function cardError(decline: Decline, extra: { charge?: string; payment_intent?: unknown } = {}): StripeApiError {
  return new StripeApiError(402, {
    type: 'card_error',
    code: 'card_declined',
    decline_code: decline.declineCode,
    message: decline.message,
    doc_url: docUrl('card_declined'),
    ...extra,
  })
}

/**
 * A `Stripe-Account` header naming an account that is not one of the platform's: Stripe's 403 (the
 * SDK's StripePermissionError), the same for an unknown id as for another platform's account.
 */
export function accountInvalid(shownKey: string, accountId: string): StripeApiError {
  return new StripeApiError(403, {
    type: 'invalid_request_error',
    code: 'account_invalid',
    doc_url: docUrl('account_invalid'),
    message: `The provided key '${shownKey}' does not have access to account '${accountId}' (or that account does not exist). Application access may have been revoked.`,
  })
}
