// Lead statuses, sources, who may work leads and the CSV row of the export (ADR 0050): pure, shared by server and browser.
import { can, type Guard, type Principal } from './permissions'
import { routeGuard } from './routes'

export const LEAD_STATUSES = ['new', 'contacted', 'won', 'lost'] as const
export type LeadStatusValue = (typeof LEAD_STATUSES)[number]
export const LEAD_SOURCES = ['crm', 'checkout', 'cart', 'manual'] as const
export type LeadSourceValue = (typeof LEAD_SOURCES)[number]

export const LEAD_STATUS_LABELS: Record<LeadStatusValue, string> = { new: 'New', contacted: 'Contacted', won: 'Won', lost: 'Lost' }
export const LEAD_SOURCE_LABELS: Record<LeadSourceValue, string> = { crm: 'CRM', checkout: 'Checkout', cart: 'Cart', manual: 'Manual' }

export const SAME_STATUS = 'The lead already has this status'
export const CONVERTED_STAYS_WON = 'A converted lead stays Won: it is a customer now'

/**
 * Any status may follow any other (a lost lead can come back, a contacted one may need a new look),
 * except that a lead converted to a customer stays won: the customer account exists whatever we mark.
 */
export function statusChangeError(lead: { status: LeadStatusValue; converted: boolean }, to: LeadStatusValue): string | null {
  if (lead.status === to) return SAME_STATUS
  if (lead.converted && to !== 'won') return CONVERTED_STAYS_WON
  return null
}

export const LEAD_CSV_HEADER = ['Name', 'Email', 'Phone', 'Source', 'Status', 'Created', 'Updated', 'Converted', 'Customer Email', 'Last Note'] as const

export type LeadCsvInput = {
  firstName: string | null
  lastName: string | null
  email: string
  phone: string | null
  source: LeadSourceValue
  status: LeadStatusValue
  createdAt: Date
  updatedAt: Date
  convertedAt: Date | null
  customerEmail: string | null
  lastNote: string | null
}

/** ISO dates: sortable, and read the same by every spreadsheet locale. */
const iso = (d: Date | null) => (d ? d.toISOString() : '')

/** A lead's fields in LEAD_CSV_HEADER's order (written by app/routes/leads-export.server.ts). */
export function leadCsvFields(l: LeadCsvInput): (string | null)[] {
  const name = [l.firstName, l.lastName].filter(Boolean).join(' ')
  return [name, l.email, l.phone, LEAD_SOURCE_LABELS[l.source], LEAD_STATUS_LABELS[l.status], iso(l.createdAt), iso(l.updatedAt), iso(l.convertedAt), l.customerEmail, l.lastNote]
}

/**
 * Who works leads (ADR 0050). Reading: staff with CRM (leads are the CRM's contacts) or READ_CUSTOMERS
 * (leads are would-be customers), and every leads-only user, whose landing page this is. Changing a
 * status or adding a note: CRM or UPDATE_CUSTOMERS, or leads-only. Converting makes a customer
 * account, so it needs WRITE_CUSTOMERS as well, whoever asks.
 */
export const LEADS_READ_GUARD: Guard = /*#__PURE__*/ routeGuard('/leads/view') // PURE: a page showing lead labels loads no route table (ADR 0106)
export const LEADS_WORK_GUARD: Guard = { any: ['CRM', 'UPDATE_CUSTOMERS'] }
export const LEADS_CONVERT_GUARD: Guard = { all: ['WRITE_CUSTOMERS'] }

export type LeadsPrincipal = Principal & { leadsOnly?: boolean }

export function canReadLeads(u: LeadsPrincipal): boolean {
  return !!u.leadsOnly || can(u, LEADS_READ_GUARD)
}

export function canWorkLeads(u: LeadsPrincipal): boolean {
  return canReadLeads(u) && (!!u.leadsOnly || can(u, LEADS_WORK_GUARD))
}

export function canConvertLeads(u: LeadsPrincipal): boolean {
  return canWorkLeads(u) && can(u, LEADS_CONVERT_GUARD)
}
