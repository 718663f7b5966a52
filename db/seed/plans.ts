// The platform's demo subscription plans (client packages): plain data, shared by the seed and the
// Stripe emulator's demo fixtures (the demo organisation's plan is one of these).

export type PlanSeed = {
  key: string
  name: string
  maxUsers: number
  priceCents: number
  interval?: 'month' | 'year'
  trialDays?: number
  oneTimePay?: boolean
  leads?: boolean
  upgrade?: boolean
  visible?: boolean
  active?: boolean
  description: string
}

export const DEMO_PLANS: PlanSeed[] = [
  { key: 'solo', name: 'Solo', maxUsers: 1, priceCents: 2900, trialDays: 14, description: 'For single use. 1 user limit.' },
  { key: 'team', name: 'Team', maxUsers: 5, priceCents: 9900, upgrade: true, description: 'For teams. 5 users limit.' },
  { key: 'team-yearly', name: 'Team Yearly', maxUsers: 5, priceCents: 99000, interval: 'year', upgrade: true, description: 'For teams. 5 users limit, billed yearly.' },
  { key: 'leads', name: 'Leads Only', maxUsers: 1, priceCents: 4900, leads: true, description: 'Lead capture and CRM only.' },
  { key: 'agency', name: 'Agency (hidden)', maxUsers: 25, priceCents: 29900, visible: false, upgrade: true, description: 'Offered by sales only.' },
  { key: 'legacy', name: 'Legacy Starter', maxUsers: 2, priceCents: 1900, active: false, description: 'No longer sold.' },
]
