// Emulator-only endpoints under /_emulator: move the clock, re-send events, flip card and
// Connect states, and the pages Stripe would host (invoice, receipt, onboarding).
import { runDue } from './billing'
import type { Emulator } from './emulator'
import { invalidRequest, resourceMissing } from './errors'
import type { ParamObject } from './form'
import { optBool, optInt, optString } from './params'
import { checkoutPage, findSession, submitCheckoutPage } from './resources/checkout'
import { DECLINES } from './resources/payment-methods'
import { findAccount, setAccountState } from './resources/connect'
import type { Json } from './render'

export type ControlResponse = { status: number; headers: Record<string, string>; body: string }

const json = (value: unknown, status = 200): ControlResponse => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) })
const html = (title: string, body: string): ControlResponse => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`,
})
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`

/** The smallest valid one-page PDF with a few lines of text, so invoice_pdf links download something real. */
function tinyPdf(lines: string[]): string {
  const text = lines.map((l, i) => `BT /F1 12 Tf 50 ${780 - i * 18} Td (${l.replace(/[()\\]/g, '\\$&')}) Tj ET`).join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let pdf = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(pdf))
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`
  })
  const xref = Buffer.byteLength(pdf)
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return pdf
}

/** Advances the global clock to `target`, running everything due on it in time order. */
export function advanceGlobalClock(em: Emulator, target: number): number {
  runDue(em, null, target)
  em.clocks.setGlobal(target)
  return em.clocks.globalNow()
}

export function handleControl(em: Emulator, method: string, segments: string[], params: ParamObject, query: URLSearchParams): ControlResponse | null {
  const [area, id, action] = segments
  if (method === 'GET' && area === 'time') return json({ now: em.clocks.globalNow() })
  if (method === 'POST' && area === 'advance') {
    const seconds = optInt(params, 'seconds')
    const to = optInt(params, 'to')
    const target = to ?? em.clocks.globalNow() + (seconds ?? 0)
    if (target < em.clocks.globalNow()) throw invalidRequest('The clock only moves forward.', 'to')
    return json({ now: advanceGlobalClock(em, target) })
  }
  if (method === 'GET' && area === 'deliveries') return json({ data: em.webhooks.attempts })
  if (method === 'POST' && area === 'events' && id && action === 'resend') {
    if (!em.resend(id)) throw resourceMissing('event', id)
    return json({ id, resent: true })
  }
  if (method === 'POST' && area === 'payment_methods' && id && action === 'decline') {
    const pm = em.store.paymentMethods.get(id)
    if (!pm) throw resourceMissing('PaymentMethod', id)
    const code = optString(params, 'decline_code') ?? 'generic_decline'
    if (code === 'none') pm._decline = null
    else {
      const decline = DECLINES[code as keyof typeof DECLINES]
      if (!decline) throw invalidRequest(`Unknown decline_code ${code}; use generic_decline, insufficient_funds or none.`, 'decline_code')
      pm._decline = decline
    }
    return json({ id, decline: pm._decline })
  }
  if (method === 'POST' && area === 'accounts' && id) {
    const account = findAccount(em, id)
    const state: Json = {}
    for (const flag of ['details_submitted', 'charges_enabled', 'payouts_enabled'] as const) {
      const value = optBool(params, flag)
      if (value !== undefined) state[flag] = value
    }
    setAccountState(em, account, state)
    return json({ id, ...state })
  }
  if (method === 'GET' && area === 'connect' && id === 'onboard' && action) {
    const account = findAccount(em, action)
    setAccountState(em, account, { details_submitted: true, charges_enabled: true, payouts_enabled: true })
    const returnUrl = query.get('return_url')
    if (returnUrl) return { status: 302, headers: { location: returnUrl }, body: '' }
    return html('Onboarding complete', `<p>Account ${escape(account.id)} is onboarded.</p>`)
  }
  if (method === 'GET' && area === 'invoices' && id) {
    const invoice = em.store.invoices.get(id)
    if (!invoice) throw resourceMissing('invoice', id)
    const lines = invoice.lines.map((l) => `${l.description}: ${money(l.amount, invoice.currency)}`)
    const summary = [
      `Invoice ${invoice.number}`,
      `Status: ${invoice.status}`,
      ...lines,
      `Total: ${money(invoice.total, invoice.currency)}`,
      `Amount due: ${money(invoice.amount_due, invoice.currency)}`,
    ]
    if (action === 'pdf') return { status: 200, headers: { 'content-type': 'application/pdf' }, body: tinyPdf(summary) }
    return html(`Invoice ${invoice.number}`, summary.map((l) => `<p>${escape(l)}</p>`).join(''))
  }
  if (area === 'checkout' && id) {
    const session = findSession(em, id)
    const page = (status: number, body: string): ControlResponse => ({ status, headers: { 'content-type': 'text/html; charset=utf-8' }, body })
    if (method === 'GET') return page(200, checkoutPage(em, session, null))
    if (method === 'POST') {
      const result = submitCheckoutPage(em, session, params)
      if ('redirect' in result) return { status: 303, headers: { location: result.redirect }, body: '' }
      return page(402, result.page)
    }
  }
  if (method === 'GET' && area === 'receipts' && id) {
    const charge = em.store.charges.get(id)
    if (!charge) throw resourceMissing('charge', id)
    return html('Receipt', `<p>Receipt for ${escape(charge.id)}: ${money(charge.amount, charge.currency)}, refunded ${money(charge.amount_refunded, charge.currency)}</p>`)
  }
  return null
}
