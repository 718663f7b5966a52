// Demo leads (ADR 0050): a handful for Demo Writing Co across every source and status, with a note,
// so /leads/view has something to show. Fixed public ids and INSERT IGNORE keep re-seeding a no-op.
import type { Kysely } from 'kysely'
import type { LeadSource, LeadStatus } from '../tables/leads'
import type { Database } from '../types'
import type { OrgIds } from './core'
import { seedId } from './ids'

const DAY = 24 * 3600_000

export const DEMO_LEADS: { key: string; email: string; first: string; last: string; phone: string | null; source: LeadSource; status: LeadStatus; ago: number; note?: string }[] = [
  { key: 'l1', email: 'nora.lead@demo-leads.test', first: 'Nora', last: 'Quinn', phone: '+1 555 0101', source: 'cart', status: 'new', ago: 1 },
  {
    key: 'l2',
    email: 'omar.lead@demo-leads.test',
    first: 'Omar',
    last: 'Reyes',
    phone: null,
    source: 'checkout',
    status: 'contacted',
    ago: 2,
    note: 'Asked about a LinkedIn add-on; sent the price list.',
  },
  { key: 'l3', email: 'paula.lead@demo-leads.test', first: 'Paula', last: 'Stone', phone: '+44 20 7946 0000', source: 'crm', status: 'new', ago: 4 },
  { key: 'l4', email: 'quentin.lead@demo-leads.test', first: 'Quentin', last: 'Tate', phone: null, source: 'manual', status: 'lost', ago: 9, note: 'Went with another writer.' },
  { key: 'l5', email: 'rosa.lead@demo-leads.test', first: 'Rosa', last: 'Underwood', phone: null, source: 'cart', status: 'contacted', ago: 12 },
  { key: 'l6', email: 'sam.lead@demo-leads.test', first: 'Sam', last: 'Vance', phone: '+1 555 0199', source: 'crm', status: 'new', ago: 20 },
]

export async function seedLeads(db: Kysely<Database>, orgIds: OrgIds, now = new Date()): Promise<void> {
  const clientId = orgIds.demo
  const owner = await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('client_id', '=', clientId).where('email', '=', 'owner@demo.test').executeTakeFirst()
  await db
    .insertInto('leads')
    .ignore()
    .values(
      DEMO_LEADS.map((l) => {
        const at = new Date(now.getTime() - l.ago * DAY)
        return {
          public_id: seedId(`lead:demo:${l.key}`),
          client_id: clientId,
          email: l.email,
          first_name: l.first,
          last_name: l.last,
          phone: l.phone,
          source: l.source,
          status: l.status,
          external_id: l.source === 'crm' ? `crm-${l.key}` : null,
          customer_user_id: null,
          converted_at: null,
          last_captured_at: at,
          created_at: at,
          updated_at: at,
        }
      }),
    )
    .execute()
  if (!owner) return
  for (const l of DEMO_LEADS.filter((x) => x.note)) {
    const lead = await db
      .selectFrom('leads')
      .select(['id', 'updated_at'])
      .where('public_id', '=', seedId(`lead:demo:${l.key}`))
      .executeTakeFirst()
    if (!lead) continue
    const has = await db.selectFrom('lead_notes').select('id').where('client_id', '=', clientId).where('lead_id', '=', lead.id).limit(1).executeTakeFirst()
    if (has) continue
    await db
      .insertInto('lead_notes')
      .values({
        client_id: clientId,
        lead_id: lead.id,
        kind: 'note',
        body: l.note!,
        author_user_id: owner.id,
        author_name: `${owner.first_name} ${owner.last_name}`,
        created_at: lead.updated_at,
      })
      .execute()
  }
}
