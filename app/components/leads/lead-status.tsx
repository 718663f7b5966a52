// A lead's status badge and display name, shared by the leads list and the lead's panel (its own module so the
// list does not load the panel's forms).
import { type ComponentProps } from 'react'
import { Badge } from '#app/components/page'
import { LEAD_STATUS_LABELS, type LeadStatusValue } from '#app/rules/leads'

const STATUS_TONES: Record<LeadStatusValue, ComponentProps<typeof Badge>['tone']> = { new: 'blue', contacted: 'amber', won: 'green', lost: 'gray' }

export function LeadStatusBadge({ status }: { status: LeadStatusValue }) {
  return <Badge tone={STATUS_TONES[status]}>{LEAD_STATUS_LABELS[status]}</Badge>
}

export const leadName = (l: { firstName: string | null; lastName: string | null }) => [l.firstName, l.lastName].filter(Boolean).join(' ')
