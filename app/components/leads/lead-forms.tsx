// The leads page's forms (ADR 0050): adding a lead by hand and a lead's panel (status, note, conversion,
// history). The page loads this module on demand (lazyWithServer, ADR 0106): the list itself carries no form
// library and no zod; the server renders the forms as before, so they work without JavaScript.
import { Link } from '@remix-run/react'
import { useField, ValidatedForm } from 'remix-validated-form'
import { CheckboxField, SelectField, SubmitButton, TextArea, TextField, VALIDATE_ON_SUBMIT } from '#app/components/forms'
import { LeadStatusBadge, leadName as name } from '#app/components/leads/lead-status'
import { leadAddValidator, leadConvertValidator, leadNoteValidator, leadStatusValidator } from '#app/models/leads.schema'
import { formatDate } from '#app/rules/format'
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadCsvInput } from '#app/rules/leads'
import { Card } from '#app/ui/card'

/** The lead the panel shows, as the page's loader sends it: the export's fields (dates as JSON strings), its id and history. */
export type LeadPanelData = Pick<LeadCsvInput, 'firstName' | 'lastName' | 'email' | 'phone' | 'source' | 'status' | 'customerEmail'> & {
  _id: string
  createdAt: string
  convertedCustomerId: number | string | null
  history: { kind: string; note: string; author: string | null; createdAt: string }[]
}

export type LeadPermissions = { work: boolean; convert: boolean }

/** A lead typed in by hand (source Manual), with an optional first note. */
export function AddLeadForm({ closeHref }: { closeHref: string }) {
  return (
    <Card aria-label="Add a lead">
      <ValidatedForm id="lead-add" method="post" validator={leadAddValidator} noValidate className="space-y-3" aria-label="Add lead">
        <div className="flex items-start justify-between gap-3">
          <h2 className="text-lg font-semibold text-gray-900">Create Lead</h2>
          <Link to={closeHref} className="text-sm font-medium text-brand-600 hover:underline">
            Cancel
          </Link>
        </div>
        <input type="hidden" name="intent" value="add" />
        <div className="grid gap-3 md:grid-cols-2">
          <TextField name="email" label="Email" type="email" autoComplete="off" maxLength={191} />
          <TextField name="phone" label="Phone" type="tel" autoComplete="off" maxLength={40} />
          <TextField name="firstName" label="First Name" autoComplete="off" maxLength={100} />
          <TextField name="lastName" label="Last Name" autoComplete="off" maxLength={100} />
        </div>
        <TextArea name="note" label="Note" rows={2} maxLength={2000} />
        <SubmitButton>Add Lead</SubmitButton>
      </ValidatedForm>
    </Card>
  )
}

/** A form-level error of a ValidatedForm (the model's refusal that belongs to no one field). */
function FormLevelError() {
  const { error } = useField('_form', { validationBehavior: VALIDATE_ON_SUBMIT })
  if (!error) return null
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
      {error}
    </p>
  )
}

export function LeadPanel({ lead, can, closeHref }: { lead: LeadPanelData; can: LeadPermissions; closeHref: string }) {
  const converted = lead.convertedCustomerId !== null
  return (
    <Card aria-label={`Lead ${lead.email}`} className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-gray-900">{name(lead) || lead.email}</h2>
          <p className="text-sm text-gray-600">
            {lead.email}
            {lead.phone ? ` · ${lead.phone}` : ''} · {LEAD_SOURCE_LABELS[lead.source]} · captured {formatDate(lead.createdAt)}
          </p>
          <p className="mt-1">
            <LeadStatusBadge status={lead.status} />
            {converted ? (
              <span className="ml-2 text-sm text-gray-700">
                Customer:{' '}
                <Link to={`/customers/view?q=${encodeURIComponent(lead.customerEmail ?? lead.email)}`} className="font-medium text-brand-600 hover:underline">
                  {lead.customerEmail ?? lead.email}
                </Link>
              </span>
            ) : null}
          </p>
        </div>
        <Link to={closeHref} className="text-sm font-medium text-brand-600 hover:underline">
          Close
        </Link>
      </div>

      {can.work ? (
        <div className="grid gap-6 md:grid-cols-2">
          <ValidatedForm
            id={`lead-status-${lead._id}`}
            method="post"
            validator={leadStatusValidator}
            defaultValues={{ status: lead.status }}
            className="space-y-3"
            aria-label="Change status"
          >
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="id" value={lead._id} />
            <SelectField name="status" label="Status" options={LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] }))} />
            <SubmitButton>Save Status</SubmitButton>
          </ValidatedForm>
          <ValidatedForm id={`lead-note-${lead._id}`} method="post" validator={leadNoteValidator} resetAfterSubmit className="space-y-3" aria-label="Add a note">
            <input type="hidden" name="intent" value="note" />
            <input type="hidden" name="id" value={lead._id} />
            <TextArea name="note" label="Note" rows={3} maxLength={2000} />
            <SubmitButton>Add Note</SubmitButton>
          </ValidatedForm>
        </div>
      ) : null}

      {can.convert && !converted ? (
        <ValidatedForm
          id={`lead-convert-${lead._id}`}
          method="post"
          validator={leadConvertValidator}
          defaultValues={{ firstName: lead.firstName ?? '', lastName: lead.lastName ?? '', welcomeEmail: true }}
          className="space-y-3 border-t border-gray-100 pt-4"
          aria-label="Convert to customer"
        >
          <h3 className="text-sm font-semibold text-gray-900">Convert to customer</h3>
          <p className="text-sm text-gray-600">Creates a customer account for {lead.email} in your organisation, or links the lead to the customer who already has this e-mail.</p>
          <FormLevelError />
          <input type="hidden" name="intent" value="convert" />
          <input type="hidden" name="id" value={lead._id} />
          <div className="grid gap-3 md:grid-cols-2">
            <TextField name="firstName" label="First Name" autoComplete="off" />
            <TextField name="lastName" label="Last Name" autoComplete="off" />
          </div>
          <CheckboxField name="welcomeEmail" label="Send the welcome e-mail with login details" />
          <SubmitButton>Convert to Customer</SubmitButton>
        </ValidatedForm>
      ) : null}

      <section aria-label="History" className="border-t border-gray-100 pt-4">
        <h3 className="mb-2 text-sm font-semibold text-gray-900">History</h3>
        {lead.history.length === 0 ? (
          <p className="text-sm text-gray-500">No notes yet</p>
        ) : (
          <ol className="space-y-2">
            {lead.history.map((n, i) => (
              <li key={`${n.createdAt}-${i}`} className="text-sm">
                <p className={n.kind === 'note' ? 'whitespace-pre-line text-gray-900' : 'text-gray-600 italic'}>{n.note}</p>
                <p className="text-xs text-gray-500">
                  {n.author ?? 'System'} · {formatDate(n.createdAt, 'dateTime')}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </Card>
  )
}
