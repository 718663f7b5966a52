// Webhook signatures exactly as Stripe computes them (`t=<ts>,v1=<hex HMAC-SHA256(secret, "t.payload")>`).
import { createHmac } from 'node:crypto'

export function computeSignature(payload: string, secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')
}

/** The value of the `Stripe-Signature` header for one delivery attempt. */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${computeSignature(payload, secret, timestamp)}`
}
