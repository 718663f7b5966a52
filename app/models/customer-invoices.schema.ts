// What paying an invoice on the portal sends (issue 25, ADR 0063): the payment method (a test card's id
// without JavaScript, the id Stripe.js made with it). The amount always comes from the invoice.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'

export const payInvoiceSchema = z.object({
  payment: z
    .string()
    .trim()
    .max(255)
    .regex(/^[A-Za-z0-9_]*$/, 'Please choose a card to pay with.')
    .default(''),
})

export const payInvoiceValidator = withZod(payInvoiceSchema)
