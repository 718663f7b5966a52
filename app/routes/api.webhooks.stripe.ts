// POST /api/webhooks/stripe: Stripe's events (ADR 0031). Authenticated by the Stripe-Signature over
// the raw body, never by a session; the effect runs in the stripe-event job, so the answer is fast.
import type { ActionFunctionArgs } from '@remix-run/node'
import { receiveStripeEvent } from '#app/models/platform-billing.server'
import { env } from '#app/services/env.server'
import { paymentsService } from '#app/services/stripe.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'

const BAD_SIGNATURE = 'Webhook signature verification failed'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const signature = request.headers.get('stripe-signature')
  if (!signature) return apiError(400, 'Missing Stripe-Signature header')
  // The exact bytes Stripe signed; the body is capped (server/body-limit.ts) and a larger one is a 413.
  const raw = Buffer.from(await request.arrayBuffer())
  const secret = env().STRIPE_WEBHOOK_SECRET
  if (!secret) {
    console.error('[billing] a Stripe webhook arrived but STRIPE_WEBHOOK_SECRET is not set')
    return apiError(400, BAD_SIGNATURE)
  }
  let event
  try {
    // Default tolerance (300 s): a replayed old delivery fails like a forged one.
    event = paymentsService().verifyWebhook(raw, signature, secret)
  } catch {
    return apiError(400, BAD_SIGNATURE)
  }
  const outcome = await receiveStripeEvent(event)
  return apiJson({ status: true, received: true, outcome })
}
