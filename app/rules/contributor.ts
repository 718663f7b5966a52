// Who has a contributor workspace (/work): staff holding WRITER or REVIEWER. The owner (role client)
// passes every guard but is nobody's writer or reviewer, so the workspace is refused, not shown empty.
import type { Principal } from './permissions'

export const CONTRIBUTORS_ONLY = 'My work is only for contributors and reviewers.'
export const WORK_HOME = '/work'

export type ContributorRole = 'writer' | 'reviewer'

export const holdsWriter = (user: Principal) => user.role === 'user' && user.permissions.includes('WRITER')
export const holdsReviewer = (user: Principal) => user.role === 'user' && user.permissions.includes('REVIEWER')

export function mayWork(user: Principal): boolean {
  return holdsWriter(user) || holdsReviewer(user)
}

/** The contributor's side of an order, or null when it is not theirs (writer first: one may be both). */
export function contributorRoleOn(userId: number, order: { writer_id: number | null; reviewer_id: number | null }): ContributorRole | null {
  if (order.writer_id === userId) return 'writer'
  if (order.reviewer_id === userId) return 'reviewer'
  return null
}

/** Where a contributor opens an order: links in e-mails and notifications to contributors point here. */
export const workOrderPath = (orderPublicId: string) => `/work/orders/${orderPublicId}`

/** What a contributor may know of the customer: all of it only where the organisation allows it. */
export type CustomerContact = { firstName: string; lastName: string; email: string | null; phone?: string | null; address?: string | null }

/**
 * The customer as a contributor sees them (`show_customer_contact_to_writers` off by default): the first
 * name only; e-mail, phone, address and last name are dropped, not masked, in pages, JSON and mails alike.
 */
export function customerForContributor(customer: CustomerContact, showContact: boolean): CustomerContact {
  if (showContact) return customer
  return { firstName: customer.firstName, lastName: '', email: null, phone: null, address: null }
}
