// Payment invoices (ADR 0036): an organisation's subscription invoices and receipts from Stripe, the
// platform's view of them across organisations, and paying an open invoice with the default card.
import { paymentInvoiceRows, RECEIPT_NUMBER, type InvoiceUser, type PaymentInvoiceRow } from '#app/rules/payment-invoices'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { cardErrorMessage, type ChargeSummary, type PaymentsService } from '#app/services/stripe.server'
import type { Tenant } from './auth-guards.server'
import { audited } from './audit.server'
import { applyPayment, billingOrganisation, existingCustomerId, organisationOwner } from './client-billing.server'
import { INVOICE_NOT_OPEN, NO_CARD, PAY_FAILED, type PlatformInvoicesQuery } from './payment-invoices.schema'

const NOBODY: InvoiceUser = { firstName: '', lastName: '', email: '' }

/** The signed-in organisation's invoices and receipts, newest first (Stripe's latest 100 of each). */
export async function organisationPaymentInvoices(t: Tenant, payments: PaymentsService): Promise<PaymentInvoiceRow[]> {
  const org = await billingOrganisation(t)
  const customerId = await existingCustomerId(org, payments)
  if (!customerId) return []
  const [page, charges, owner] = await Promise.all([payments.listInvoicesPage({ customerId, limit: 100 }), payments.listCustomerCharges(customerId, 100), organisationOwner(t)])
  return paymentInvoiceRows({ invoices: page.invoices, charges, user: owner ?? NOBODY, invoicesComplete: !page.hasMore })
}

export type PlatformPaymentInvoice = PaymentInvoiceRow & { client: { _id: string; name: string } | null }

/**
 * The platform's view (superadmin, or staff with the payments module): invoices of every organisation,
 * or of one (`clientId`, its public id), a page at a time (Stripe's cursor). Receipts without an
 * invoice come with the first page of one organisation, as in its own list; otherwise a page is invoices only.
 */
export async function platformPaymentInvoices(query: PlatformInvoicesQuery, payments: PaymentsService): Promise<{ invoices: PlatformPaymentInvoice[]; hasMore: boolean } | null> {
  let customerId: string | undefined
  if (query.clientId) {
    const org = await platformDb.selectFrom('organisations').select(['stripe_customer_id']).where('public_id', '=', query.clientId).executeTakeFirst()
    if (!org) return null
    if (!org.stripe_customer_id) return { invoices: [], hasMore: false }
    customerId = org.stripe_customer_id
  }
  const page = await payments.listInvoicesPage({ customerId, startingAfter: query.starting_after, limit: query.limit })
  const customerIds = [...new Set(page.invoices.map((i) => i.customerId).filter((id): id is string => !!id))]
  const orgs = customerIds.length
    ? await platformDb.selectFrom('organisations').select(['id', 'public_id', 'name', 'stripe_customer_id']).where('stripe_customer_id', 'in', customerIds).execute()
    : []
  const orgByCustomer = new Map(orgs.map((o) => [o.stripe_customer_id!, o]))
  // A few customers per page: their charges (for the receipt links) and owners, one call each.
  const chargesByCustomer = new Map<string, ChargeSummary[]>()
  const ownerByCustomer = new Map<string, InvoiceUser | null>()
  await Promise.all(
    customerIds.map(async (id) => {
      chargesByCustomer.set(id, await payments.listCustomerCharges(id, 100))
      const org = orgByCustomer.get(id)
      ownerByCustomer.set(id, org ? await organisationOwner(tenantForJob(org.id)) : null)
    }),
  )
  const rows: PlatformPaymentInvoice[] = []
  for (const id of customerIds) {
    const invoices = page.invoices.filter((i) => i.customerId === id)
    const first = invoices[0]!
    const user = ownerByCustomer.get(id) ?? (first.customerEmail ? { firstName: first.customerName ?? '', lastName: '', email: first.customerEmail } : NOBODY)
    const org = orgByCustomer.get(id)
    const forCustomer = paymentInvoiceRows({ invoices, charges: chargesByCustomer.get(id) ?? [], user, invoicesComplete: !!customerId && !page.hasMore && !query.starting_after })
    for (const row of forCustomer) {
      // Receipts come with the first page of one organisation only: across organisations, or on a later
      // page, a receipt would repeat on every page of its customer.
      if ((!customerId || query.starting_after) && row.invoice_number === RECEIPT_NUMBER) continue
      rows.push({ ...row, client: org ? { _id: org.public_id, name: org.name } : null })
    }
  }
  return { invoices: rows.sort((a, b) => b.created - a.created || a._id.localeCompare(b._id)), hasMore: page.hasMore }
}

export type PayOutcome = { ok: true; number: string } | { ok: false; status: 400 | 402 | 404 | 502; error: string }

async function payWithDefaultCard(t: Tenant, invoiceId: string, payments: PaymentsService, requestKey: string): Promise<PayOutcome> {
  const org = await billingOrganisation(t)
  try {
    const customerId = await existingCustomerId(org, payments)
    if (!customerId) return { ok: false, status: 404, error: INVOICE_NOT_OPEN }
    // Only an open invoice of this organisation's own customer.
    const open = (await payments.listInvoicesPage({ customerId, status: 'open', limit: 100 })).invoices.find((i) => i.id === invoiceId)
    if (!open) return { ok: false, status: 404, error: INVOICE_NOT_OPEN }
    if ((await payments.listPaymentMethods(customerId)).length === 0) return { ok: false, status: 400, error: NO_CARD }
    try {
      await payments.payInvoice(invoiceId, `pay-invoice-${invoiceId}-default-${requestKey}`)
    } catch (error) {
      const declined = cardErrorMessage(error)
      if (declined) return { ok: false, status: 402, error: declined }
      throw error
    }
    await applyPayment(org, customerId, [open.subscriptionId], payments)
    return { ok: true, number: open.number ?? open.id }
  } catch (error) {
    console.error('[billing] paying an invoice failed at the payment provider', error instanceof Error ? error.message : error)
    return { ok: false, status: 502, error: PAY_FAILED }
  }
}

export const paymentInvoiceActions = {
  list: organisationPaymentInvoices,

  async pay(t: Tenant, request: Request, invoiceId: string, payments: PaymentsService, requestKey: string) {
    const result = await payWithDefaultCard(t, invoiceId, payments, requestKey)
    return audited(
      t,
      request,
      { module: 'billing', action: 'pay-invoice', message: result.ok ? `Paid invoice ${result.number} with the default card` : `Invoice ${invoiceId} not paid: ${result.error}` },
      result,
    )
  },
}
