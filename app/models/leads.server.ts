// Leads of an organisation (ADR 0050): capture (idempotent per e-mail), the list and its filters,
// status, notes, conversion to a customer, and the CSV export. Tenant-first like every model.
import { sql } from 'kysely'
import type { Tenant } from './auth-guards.server'
import { newPublicId } from '#app/services/crypto.server'
import { generatePassword } from '#app/rules/people'
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, type LeadCsvInput, type LeadSourceValue, type LeadStatusValue, statusChangeError } from '#app/rules/leads'
import { likePattern } from '#app/rules/table-query'
import { scoped, scopedAs, scopedInsert, scopedJoin, scopedUpdate, type AnyExpressionBuilder, type FilterableQuery, type TenantScope } from '#db/tenant'
import type { LeadNoteKind } from '#db/tables/leads'
import { audited } from './audit.server'
import { createCustomer } from './customers.server'
import { CUSTOMER_EXISTS } from './customers.schema'
import { LEAD_EXISTS, LEAD_LINKED, LEAD_NOT_FOUND, leadCaptureSchema, type LeadAddInput, type LeadCaptureInput, type LeadListFilter } from './leads.schema'
import { membersQuery } from './people.server'

const LEAD_COLUMNS = [
  'l.id as id',
  'l.public_id as publicId',
  'l.email as email',
  'l.first_name as firstName',
  'l.last_name as lastName',
  'l.phone as phone',
  'l.source as source',
  'l.status as status',
  'l.external_id as externalId',
  'l.customer_user_id as customerUserId',
  'l.converted_at as convertedAt',
  'l.last_captured_at as lastCapturedAt',
  'l.created_at as createdAt',
  'l.updated_at as updatedAt',
] as const

export type LeadView = {
  id: number
  publicId: string
  email: string
  firstName: string | null
  lastName: string | null
  phone: string | null
  source: LeadSourceValue
  status: LeadStatusValue
  externalId: string | null
  customerUserId: number | null
  convertedAt: Date | null
  lastCapturedAt: Date
  createdAt: Date
  updatedAt: Date
  customerId: string | null
  customerEmail: string | null
}

export type LeadNoteView = { kind: LeadNoteKind; body: string; authorName: string | null; createdAt: Date }

/** leads AS l with the converted customer (an account of this organisation only) beside it. */
function leadsQuery(t: TenantScope) {
  return scopedAs(t, 'leads', 'l')
    .leftJoin('users as cu', (join) => scopedJoin(t, 'cu', join.onRef('cu.id', '=', 'l.customer_user_id')))
    .select([...LEAD_COLUMNS, 'cu.public_id as customerId', 'cu.email as customerEmail'])
}

export function toLeadJson(l: LeadView) {
  return {
    _id: l.publicId,
    firstName: l.firstName,
    lastName: l.lastName,
    email: l.email,
    phone: l.phone,
    source: l.source,
    status: l.status,
    externalId: l.externalId,
    convertedCustomerId: l.customerId,
    convertedAt: l.convertedAt ? l.convertedAt.toISOString() : null,
    lastCapturedAt: l.lastCapturedAt.toISOString(),
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
  }
}
export type LeadJson = ReturnType<typeof toLeadJson>

export function toLeadNoteJson(n: LeadNoteView) {
  return { kind: n.kind, note: n.body, author: n.authorName, createdAt: n.createdAt.toISOString() }
}

export async function findLead(t: TenantScope, publicId: string): Promise<LeadView | undefined> {
  return (await leadsQuery(t).where('l.public_id', '=', publicId).executeTakeFirst()) as LeadView | undefined
}

async function findLeadByEmail(t: TenantScope, email: string): Promise<LeadView | undefined> {
  return (await leadsQuery(t).where('l.email', '=', email).executeTakeFirst()) as LeadView | undefined
}

async function addHistory(t: TenantScope, leadId: number, kind: LeadNoteKind, body: string, author: { id: number; firstName: string; lastName: string } | null) {
  await scopedInsert(t, 'lead_notes', {
    lead_id: leadId,
    kind,
    body: body.slice(0, 2000),
    author_user_id: author?.id ?? null,
    author_name: author ? `${author.firstName} ${author.lastName}`.trim() : null,
  }).execute()
}

/** Newest first: what a person opening the lead wants to read. */
export async function leadHistory(t: TenantScope, leadId: number, limit = 100): Promise<LeadNoteView[]> {
  return (await scoped(t, 'lead_notes')
    .select(['kind', 'body', 'author_name as authorName', 'created_at as createdAt'])
    .where('lead_id', '=', leadId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()) as LeadNoteView[]
}

export type CaptureOutcome = { lead: LeadView; created: boolean }

/**
 * Records that a person showed interest. One lead per (organisation, e-mail): a second capture of the
 * same address keeps its first source and its status, and notes the first time it comes back from
 * another source. What it sent fills the lead's empty name, phone and CRM id; only the organisation's own
 * sources (staff, the CRM) may also change a value already there. A visitor of the public cart or
 * checkout never does: anyone can type anyone's e-mail there (issue 28).
 * Safe to call again and again (the CRM sync does, for every contact, on every run). Throws a ZodError
 * when the input is no lead at all (no valid e-mail, an unknown source): a sync skips that contact.
 */
export async function captureLead(t: TenantScope, input: LeadCaptureInput): Promise<CaptureOutcome> {
  const data = leadCaptureSchema.parse(input)
  const now = new Date()
  const trusted = data.source === 'manual' || data.source === 'crm'
  // Trusted: the new value when one was sent, else the old. A visitor: the old value when there is one.
  const keep = (column: 'first_name' | 'last_name' | 'phone' | 'external_id') =>
    trusted ? sql<string | null>`COALESCE(VALUES(${sql.ref(column)}), ${sql.ref(column)})` : sql<string | null>`COALESCE(${sql.ref(column)}, VALUES(${sql.ref(column)}))`
  const publicId = newPublicId()
  await scopedInsert(t, 'leads', {
    public_id: publicId,
    email: data.email,
    first_name: data.firstName ?? null,
    last_name: data.lastName ?? null,
    phone: data.phone ?? null,
    source: data.source,
    external_id: data.externalId ?? null,
    customer_user_id: null,
    converted_at: null,
    last_captured_at: now,
    created_at: now,
    updated_at: now,
  })
    .onDuplicateKeyUpdate({
      first_name: keep('first_name'),
      last_name: keep('last_name'),
      phone: keep('phone'),
      external_id: keep('external_id'),
      last_captured_at: now,
      updated_at: now,
    })
    .execute()
  const lead = (await findLeadByEmail(t, data.email))!
  // The row carries the id this call made only if this call inserted it (affected-row counts cannot
  // tell: an update that changes nothing within the same millisecond also answers 1).
  const created = lead.publicId === publicId
  if (!created && data.source !== lead.source) {
    const body = `Captured again from ${LEAD_SOURCE_LABELS[data.source]}`
    // Once per source: a cart visited daily or a CRM sync every hour must not bury the staff's notes.
    const seen = await scoped(t, 'lead_notes').select('id').where('lead_id', '=', lead.id).where('kind', '=', 'capture').where('body', '=', body).limit(1).executeTakeFirst()
    if (!seen) await addHistory(t, lead.id, 'capture', body, null)
  }
  return { lead, created }
}

export type LeadPage = { start: number; size: number }

function filtered<Q extends FilterableQuery>(query: Q, f: LeadListFilter): Q {
  let q = query
  if (f.source) q = q.where('l.source', '=', f.source)
  if (f.status) q = q.where('l.status', '=', f.status)
  // Dates are whole days in UTC: 'to' includes the day it names.
  if (f.from) q = q.where('l.created_at', '>=', new Date(`${f.from}T00:00:00.000Z`))
  if (f.to) q = q.where('l.created_at', '<', new Date(new Date(`${f.to}T00:00:00.000Z`).getTime() + 86_400_000))
  if (f.q) {
    const pattern = likePattern(f.q)
    q = q.where((eb: AnyExpressionBuilder) =>
      eb.or([
        eb('l.email', 'like', pattern),
        eb('l.first_name', 'like', pattern),
        eb('l.last_name', 'like', pattern),
        eb(sql`CONCAT_WS(' ', l.first_name, l.last_name)`, 'like', pattern),
      ]),
    )
  }
  return q
}

/**
 * Newest first. The page's ids come from the narrow (client_id, created_at, id) indexes, then only
 * those rows are read whole (ADR 0030's deferred join), so a deep page costs little more than the first.
 */
export async function listLeads(t: TenantScope, f: LeadListFilter, page: LeadPage): Promise<{ rows: LeadView[]; count: number }> {
  const [ids, total] = await Promise.all([
    filtered(scopedAs(t, 'leads', 'l').select('l.id'), f)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(page.size)
      .offset(page.start)
      .execute(),
    filtered(scopedAs(t, 'leads', 'l'), f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
  ])
  const count = Number(total?.n ?? 0)
  if (ids.length === 0) return { rows: [], count }
  const rows = (await leadsQuery(t)
    .where(
      'l.id',
      'in',
      ids.map((r) => r.id),
    )
    .execute()) as LeadView[]
  const byId = new Map(rows.map((r) => [r.id, r]))
  return { rows: ids.map((r) => byId.get(r.id)).filter((r): r is LeadView => !!r), count }
}

const EXPORT_BATCH = 500

/** Every lead the filter matches, newest first, in keyset batches: the export never holds the whole list. */
export async function* exportLeadRows(t: TenantScope, f: LeadListFilter): AsyncGenerator<LeadCsvInput> {
  let cursor: { createdAt: Date; id: number } | null = null
  for (;;) {
    let q = filtered(leadsQuery(t), f)
    if (cursor) {
      const c: { createdAt: Date; id: number } = cursor
      q = q.where((eb: AnyExpressionBuilder) => eb.or([eb('l.created_at', '<', c.createdAt), eb.and([eb('l.created_at', '=', c.createdAt), eb('l.id', '<', c.id)])]))
    }
    const batch = (await q.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').limit(EXPORT_BATCH).execute()) as LeadView[]
    if (batch.length === 0) return
    const notes = await lastNotes(
      t,
      batch.map((l) => l.id),
    )
    for (const l of batch) yield { ...l, lastNote: notes.get(l.id) ?? null }
    if (batch.length < EXPORT_BATCH) return
    const last = batch[batch.length - 1]!
    cursor = { createdAt: last.createdAt, id: last.id }
  }
}

/** The latest typed note of each lead (status changes and captures are not what a note column means). */
async function lastNotes(t: TenantScope, leadIds: number[]): Promise<Map<number, string>> {
  const rows = await scoped(t, 'lead_notes')
    .select(['lead_id', 'body'])
    .where('lead_id', 'in', leadIds)
    .where('kind', '=', 'note')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute()
  const map = new Map<number, string>()
  for (const r of rows) map.set(r.lead_id, r.body)
  return map
}

type Actor = Tenant

export type LeadOutcome = { ok: true; lead: LeadView; message?: string } | { ok: false; status: 400 | 404 | 409; error: string }

export async function changeLeadStatus(t: Actor, publicId: string, status: LeadStatusValue): Promise<LeadOutcome> {
  const lead = await findLead(t, publicId)
  if (!lead) return { ok: false, status: 404, error: LEAD_NOT_FOUND }
  const error = statusChangeError({ status: lead.status, converted: lead.customerUserId !== null }, status)
  if (error) return { ok: false, status: 400, error }
  // Only from the status read above: two people changing it at once do not both write a history line.
  const changed = await scopedUpdate(t, 'leads').set({ status, updated_at: new Date() }).where('id', '=', lead.id).where('status', '=', lead.status).executeTakeFirst()
  if (Number(changed.numUpdatedRows) === 0) return { ok: false, status: 409, error: 'The lead was changed meanwhile. Please reload it.' }
  await addHistory(t, lead.id, 'status', `Status changed from ${LEAD_STATUS_LABELS[lead.status]} to ${LEAD_STATUS_LABELS[status]}`, t.user)
  return { ok: true, lead: (await findLead(t, publicId))! }
}

/**
 * A lead typed in by staff, source manual, with its first note. An e-mail already among the leads is
 * refused (409), not merged: the person adding it should open that lead rather than change it unseen.
 */
export async function addLead(t: Actor, input: LeadAddInput): Promise<LeadOutcome> {
  if (await findLeadByEmail(t, input.email)) return { ok: false, status: 409, error: LEAD_EXISTS }
  const { lead, created } = await captureLead(t, { source: 'manual', email: input.email, firstName: input.firstName, lastName: input.lastName, phone: input.phone })
  // Captured by a cart or the CRM between the look and the insert: the same answer as the look's.
  if (!created) return { ok: false, status: 409, error: LEAD_EXISTS }
  if (input.note) await addHistory(t, lead.id, 'note', input.note, t.user)
  return { ok: true, lead: (await findLead(t, lead.publicId))! }
}

export async function addLeadNote(t: Actor, publicId: string, note: string): Promise<LeadOutcome> {
  const lead = await findLead(t, publicId)
  if (!lead) return { ok: false, status: 404, error: LEAD_NOT_FOUND }
  await addHistory(t, lead.id, 'note', note, t.user)
  await scopedUpdate(t, 'leads').set({ updated_at: new Date() }).where('id', '=', lead.id).execute()
  return { ok: true, lead: (await findLead(t, publicId))! }
}

export type ConvertInput = { firstName: string; lastName: string; welcomeEmail: boolean }
export type ConvertOutcome = { ok: true; lead: LeadView; customerId: string; linked: boolean; message?: string } | { ok: false; status: 400 | 404; error: string }

/**
 * Makes the lead a customer of this organisation through createCustomer() (the one place customer
 * accounts are made), with a generated password that goes out in the welcome e-mail when asked. If the
 * e-mail already has a customer account here, none is made: the lead is linked to it. A second convert
 * of the same lead answers the customer it already has.
 */
export async function convertLead(t: Actor, publicId: string, input: ConvertInput): Promise<ConvertOutcome> {
  const lead = await findLead(t, publicId)
  if (!lead) return { ok: false, status: 404, error: LEAD_NOT_FOUND }
  if (lead.customerId) return { ok: true, lead, customerId: lead.customerId, linked: true }
  const created = await createCustomer(t, {
    firstName: input.firstName,
    lastName: input.lastName,
    email: lead.email,
    password: generatePassword(),
    welcomeEmail: input.welcomeEmail,
    active: true,
  })
  let customer: { userId: number; publicId: string }
  let linked = false
  if (created.ok) customer = created.customer
  else if (created.error === CUSTOMER_EXISTS) {
    const existing = await membersQuery(t)
      .select(['u.id as userId', 'u.public_id as publicId'])
      .where('m.role', '=', 'customer')
      .where('u.email', '=', lead.email)
      .executeTakeFirst()
    if (!existing) return { ok: false, status: 400, error: created.error }
    customer = existing
    linked = true
  } else return { ok: false, status: 400, error: created.error }
  const now = new Date()
  // Only a lead not linked yet: of two converts racing, one links; createCustomer already made at most one account.
  await scopedUpdate(t, 'leads')
    .set({ customer_user_id: customer.userId, converted_at: now, status: 'won', updated_at: now })
    .where('id', '=', lead.id)
    .where('customer_user_id', 'is', null)
    .execute()
  await addHistory(t, lead.id, 'convert', linked ? 'Linked to the existing customer with this e-mail' : 'Converted to a customer', t.user)
  const after = (await findLead(t, publicId))!
  return { ok: true, lead: after, customerId: after.customerId ?? customer.publicId, linked, message: linked ? LEAD_LINKED : undefined }
}

/** The page and the JSON routes call these: each writes and audits once. */
export const leadActions = {
  async status(t: Actor, request: Request, publicId: string, status: LeadStatusValue) {
    return audited(
      t,
      request,
      {
        module: 'leads',
        action: 'change_status',
        message: (r) => (r.ok ? `Lead ${r.lead.email} marked ${LEAD_STATUS_LABELS[status]}` : `Lead ${publicId}: ${r.error}`),
      },
      await changeLeadStatus(t, publicId, status),
    )
  },
  async add(t: Actor, request: Request, input: LeadAddInput) {
    return audited(
      t,
      request,
      {
        module: 'leads',
        action: 'add',
        message: (r) => (r.ok ? `Lead ${r.lead.email} added` : `Lead ${input.email} not added: ${r.error}`),
      },
      await addLead(t, input),
    )
  },
  async note(t: Actor, request: Request, publicId: string, note: string) {
    return audited(
      t,
      request,
      {
        module: 'leads',
        action: 'add_note',
        message: (r) => (r.ok ? `Note added to lead ${r.lead.email}` : `Lead ${publicId}: ${r.error}`),
      },
      await addLeadNote(t, publicId, note),
    )
  },
  async convert(t: Actor, request: Request, publicId: string, input: ConvertInput) {
    return audited(
      t,
      request,
      {
        module: 'leads',
        action: 'convert',
        message: (r) => (r.ok ? `Lead ${r.lead.email} ${r.linked ? 'linked to customer' : 'converted to customer'} ${r.customerId}` : `Lead ${publicId}: ${r.error}`),
      },
      await convertLead(t, publicId, input),
    )
  },
}
