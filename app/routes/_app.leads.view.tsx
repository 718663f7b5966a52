// /leads/view (ADR 0050): the organisation's leads, server-paged, searched and filtered by source,
// status and date, with a lead's panel (?lead=) to change its status, add a note or convert it to a
// customer, a form to add one by hand (?add=1), and a CSV export of what the filters match. Every
// control is a link, a GET or a POST form.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { Suspense, useId } from 'react'
import { validationError } from 'remix-validated-form'
import { FieldError, inputClass, labelClass } from '#app/components/form-parts'
import { LeadStatusBadge, leadName as name } from '#app/components/leads/lead-status'
import { type Column, DataTable } from '#app/components/data-table'
import { PageHeader, Toast } from '#app/components/page'
import { findLead, leadActions, leadHistory, listLeads, toLeadJson, toLeadNoteJson } from '#app/models/leads.server'
import {
  LEAD_ADDED,
  LEAD_CONVERTED,
  LEAD_NOTE_ADDED,
  LEAD_STATUS_CHANGED,
  leadAddValidator,
  leadConvertValidator,
  leadListFilterSchema,
  leadNoteValidator,
  leadStatusValidator,
  type LeadListFilter,
} from '#app/models/leads.schema'
import { canConvertLeads, canWorkLeads, LEAD_SOURCE_LABELS, LEAD_SOURCES, LEAD_STATUS_LABELS, LEAD_STATUSES } from '#app/rules/leads'
import { parseTableQuery, PEOPLE_PAGE_SIZES, tableHref } from '#app/rules/table-query'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { buttonClass } from '#app/ui/button'
import { RowLink } from '#app/ui/row-actions'
import { readForm } from '#app/services/form-request.server'
import { formatDate } from '#app/rules/format'
import { lazyWithServer } from '#app/ui/lazy-with-server'
import { notFound } from '#app/services/http.server'
import { requireLeads } from './leads-request.server'

const FILTER_KEYS = ['source', 'status', 'from', 'to'] as const

/** The filters of the URL that are valid; a wrong one is named and left out rather than failing the page. */
function readFilter(params: URLSearchParams, search: string): { filter: LeadListFilter; errors: Record<string, string> } {
  const raw: Record<string, string> = { q: search }
  for (const key of FILTER_KEYS) raw[key] = params.get(key) ?? ''
  const errors: Record<string, string> = {}
  const filter: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(raw)) {
    const one = leadListFilterSchema.shape[key as keyof LeadListFilter].safeParse(value)
    if (one.success) filter[key] = one.data
    else errors[key] = one.error.issues[0]?.message ?? 'Invalid value'
  }
  return { filter: filter as LeadListFilter, errors }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requireLeads(request)
  const url = new URL(request.url)
  const query = parseTableQuery(url.searchParams, { sizes: PEOPLE_PAGE_SIZES, sortable: ['createdAt'] as const, defaultSort: 'createdAt', defaultDir: 'desc' })
  const { filter, errors } = readFilter(url.searchParams, query.search)
  const selectedId = url.searchParams.get('lead')
  const [{ rows, count }, selected] = await Promise.all([
    listLeads(t, filter, { start: query.start, size: query.size }),
    selectedId ? findLead(t, selectedId) : Promise.resolve(undefined),
  ])
  // Another organisation's lead, or none: the same answer.
  if (selectedId && !selected) throw notFound()
  const history = selected ? await leadHistory(t, selected.id) : []
  const { toast, headers } = await takeToast(request)
  return data(
    {
      leads: rows.map((l) => {
        const { _id, firstName, lastName, email, phone, source, status, createdAt } = toLeadJson(l)
        return { _id, firstName, lastName, email, phone, source, status, createdAt }
      }),
      count,
      query,
      filter: { source: filter.source ?? '', status: filter.status ?? '', from: filter.from ?? '', to: filter.to ?? '' },
      filterErrors: errors,
      selected: selected ? { ...toLeadJson(selected), customerEmail: selected.customerEmail, history: history.map(toLeadNoteJson) } : null,
      can: { work: canWorkLeads(t.user), convert: canConvertLeads(t.user) },
      toast,
    },
    { headers },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url)
  // Back to the same list, page and open lead.
  const back = `${url.pathname}${url.search}`
  const form = await readForm(request)
  switch (String(form.get('intent') ?? '')) {
    case 'status': {
      const t = await requireLeads(request, 'work')
      const result = await leadStatusValidator.validate(form)
      if (result.error) return validationError(result.error, result.submittedData)
      const outcome = await leadActions.status(t, request, result.data.id, result.data.status)
      if (!outcome.ok) return failed(outcome, { status: outcome.error }, result.formId, result.submittedData)
      return redirectWithToast(request, back, LEAD_STATUS_CHANGED)
    }
    case 'note': {
      const t = await requireLeads(request, 'work')
      const result = await leadNoteValidator.validate(form)
      if (result.error) return validationError(result.error, result.submittedData)
      const outcome = await leadActions.note(t, request, result.data.id, result.data.note)
      if (!outcome.ok) return failed(outcome, { note: outcome.error }, result.formId, result.submittedData)
      return redirectWithToast(request, back, LEAD_NOTE_ADDED)
    }
    case 'add': {
      const t = await requireLeads(request, 'work')
      const result = await leadAddValidator.validate(form)
      if (result.error) return validationError(result.error, result.submittedData)
      const outcome = await leadActions.add(t, request, result.data)
      if (!outcome.ok) return failed(outcome, { email: outcome.error }, result.formId, result.submittedData)
      // The new lead opens in its panel, on the first page of the list.
      return redirectWithToast(request, `/leads/view?lead=${outcome.lead.publicId}`, LEAD_ADDED)
    }
    case 'convert': {
      const t = await requireLeads(request, 'convert')
      const result = await leadConvertValidator.validate(form)
      if (result.error) return validationError(result.error, result.submittedData)
      const outcome = await leadActions.convert(t, request, result.data.id, result.data)
      if (!outcome.ok) return failed(outcome, { _form: outcome.error }, result.formId, result.submittedData)
      return redirectWithToast(request, back, outcome.message ?? LEAD_CONVERTED)
    }
    default:
      throw data({ message: 'Unknown action' }, { status: 400 })
  }
}

/** A refusal of the model: the lead is gone (404) or the change is not allowed (shown on the form, input kept). */
function failed(outcome: { status: number; error: string }, fieldErrors: Record<string, string>, formId: string | undefined, submitted: Record<string, unknown>) {
  if (outcome.status === 404) throw notFound(outcome.error)
  return validationError({ fieldErrors, formId }, submitted, { status: outcome.status })
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>
type Row = LoaderData['leads'][number]

// The add form and the lead's panel carry the form library and zod: fetched when one shows (ADR 0106).
const AddLeadForm = lazyWithServer(() => import('#app/components/leads/lead-forms').then((m) => m.AddLeadForm))
const LeadPanel = lazyWithServer(() => import('#app/components/leads/lead-forms').then((m) => m.LeadPanel))

export default function LeadsViewRoute() {
  const { leads, count, query, filter, filterErrors, selected, can, toast } = useLoaderData<typeof loader>()
  const [params] = useSearchParams()
  const exportParams = new URLSearchParams()
  if (query.search) exportParams.set('q', query.search)
  for (const key of FILTER_KEYS) if (filter[key]) exportParams.set(key, filter[key])
  const exportHref = `/api/client/leads/export.csv${exportParams.size ? `?${exportParams}` : ''}`

  const columns: Column<Row>[] = [
    { key: 'n', header: '#', cell: (_, i) => i + 1, className: 'w-12 text-gray-500' },
    {
      key: 'name',
      header: 'Name',
      cell: (l) => (
        <RowLink to={`/leads/view${tableHref(params, { lead: l._id })}`} className="font-medium text-brand-600 hover:underline">
          {name(l) || '(no name)'}
        </RowLink>
      ),
    },
    { key: 'email', header: 'Email', cell: (l) => l.email },
    { key: 'phone', header: 'Phone', cell: (l) => l.phone ?? '-' },
    { key: 'source', header: 'Source', cell: (l) => LEAD_SOURCE_LABELS[l.source] },
    { key: 'status', header: 'Status', cell: (l) => <LeadStatusBadge status={l.status} /> },
    { key: 'createdAt', header: 'Captured', cell: (l) => formatDate(l.createdAt) },
  ]

  return (
    <div className="space-y-6">
      <PageHeader title="Leads" create={can.work ? { to: `/leads/view${tableHref(params, { add: '1', lead: null })}`, thing: 'Lead' } : null}>
        <a href={exportHref} download className={buttonClass('secondary')}>
          Export CSV
        </a>
      </PageHeader>
      <Toast message={toast} />
      <Suspense fallback={null}>
        {can.work && params.get('add') === '1' ? <AddLeadForm closeHref={`/leads/view${tableHref(params, { add: null })}`} /> : null}
        {selected ? <LeadPanel lead={selected} can={can} closeHref={`/leads/view${tableHref(params, { lead: null })}`} /> : null}
      </Suspense>
      {/* Keyed by the filters: its inputs are uncontrolled, so a navigation (Clear filters, back) must remount them. */}
      <FilterForm key={JSON.stringify(filter)} filter={filter} errors={filterErrors} />
      <DataTable
        label="Leads"
        columns={columns}
        rows={leads}
        rowKey={(l) => l._id}
        total={count}
        query={query}
        sizes={PEOPLE_PAGE_SIZES}
        searchPlaceholder="Name or email"
        empty="No leads yet"
      />
    </div>
  )
}

/** Source, status and capture dates: a GET form, so the filters live in the URL (the search box keeps its own). */
function FilterForm({ filter, errors }: { filter: LoaderData['filter']; errors: Record<string, string> }) {
  const [params] = useSearchParams()
  const id = useId()
  const carried = [...params.entries()].filter(([key]) => !(FILTER_KEYS as readonly string[]).includes(key) && key !== 'page' && key !== 'lead')
  const field = (key: string) => ({ id: `${id}-${key}`, 'aria-invalid': errors[key] ? true : undefined, 'aria-describedby': errors[key] ? `${id}-${key}-error` : undefined })
  return (
    <Form method="get" aria-label="Filter leads" className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-xs ring-1 ring-gray-200">
      {carried.map(([key, value]) => (
        <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
      ))}
      <div>
        <label htmlFor={`${id}-source`} className={labelClass}>
          Source
        </label>
        <select name="source" defaultValue={filter.source} className={inputClass} {...field('source')}>
          <option value="">All sources</option>
          {LEAD_SOURCES.map((s) => (
            <option key={s} value={s}>
              {LEAD_SOURCE_LABELS[s]}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-source-error`} error={errors.source} />
      </div>
      <div>
        <label htmlFor={`${id}-status`} className={labelClass}>
          Status
        </label>
        <select name="status" defaultValue={filter.status} className={inputClass} {...field('status')}>
          <option value="">All statuses</option>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {LEAD_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-status-error`} error={errors.status} />
      </div>
      <div>
        <label htmlFor={`${id}-from`} className={labelClass}>
          Captured from
        </label>
        <input type="date" name="from" defaultValue={filter.from} className={inputClass} {...field('from')} />
        <FieldError id={`${id}-from-error`} error={errors.from} />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className={labelClass}>
          Captured to
        </label>
        <input type="date" name="to" defaultValue={filter.to} className={inputClass} {...field('to')} />
        <FieldError id={`${id}-to-error`} error={errors.to} />
      </div>
      <button type="submit" className={buttonClass('secondary')}>
        Filter
      </button>
      <Link to="/leads/view" className="py-2 text-sm font-medium text-brand-600 hover:underline">
        Clear filters
      </Link>
    </Form>
  )
}

export const meta: MetaFunction = () => [{ title: 'Leads | Draftdesk' }]
