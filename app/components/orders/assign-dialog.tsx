// The Assign dialog's two tabs: Contributor (contributors with their order stats and profile, a message and a
// file for them, the scheduling-link warning) and Reviewer. Both forms post to the dialog's route.
import { useState } from 'react'
import { ValidatedForm, useField } from 'remix-validated-form'
import { SubmitButton, TextArea, TextField, VALIDATE_ON_SUBMIT, FieldError } from '#app/components/forms'
import { assignReviewerValidator, assignWriterValidator, MESSAGE_MAX, ORDER_FORMS } from '#app/models/order-actions.schema'
import type { WriterData } from '#app/models/staff.server'
import { COMPLETED_ORDER_ASSIGNMENT, NO_SCHEDULING_LINK_WARNING } from '#app/rules/order-assignment'
import { NO_CONTRIBUTOR } from '#app/rules/order-tasks'
import { Alert } from '#app/ui/alert'
import { buttonClass } from '#app/ui/button'
import { cn } from '#app/ui/cn'
import { UrlTabs } from '#app/ui/url-tabs'
import { FormRefusal, HiddenIds } from './order-settings-form-parts'

export type AssignOrder = {
  _id: string
  product: string
  customer: string
  writer: string | null
  writerId: string | null
  reviewer: string | null
  reviewerId: string | null
  completed: boolean
}
export type AssignWriter = {
  _id: string
  firstName: string
  lastName: string
  writer_data: WriterData
  ordersStats: { totalOrders: number; pendingOrders: number; completedOrders: number }
}
export type AssignReviewer = { _id: string; firstName: string; lastName: string }

const PROFILE_FIELDS = ['Levels', 'Services', 'Languages', 'Certificates', 'Experties', 'Available Days'] as const

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim()

/** The value all the orders share (their current contributor or reviewer), else none. */
function shared(values: (string | null)[]): string {
  return values.every((v) => v === values[0]) ? (values[0] ?? '') : ''
}

type Props = {
  orders: AssignOrder[]
  tab: 'contributor' | 'reviewer'
  tabHrefs: { contributor: string; reviewer: string }
  writers: AssignWriter[]
  reviewers: AssignReviewer[]
  needsSchedulingLink: boolean
}

export function AssignPanel({ orders, tab, tabHrefs, writers, reviewers, needsSchedulingLink }: Props) {
  const completed = orders.some((o) => o.completed)
  return (
    <div className="space-y-4">
      <UrlTabs
        label="Assign"
        current={tab}
        tabs={[
          { key: 'contributor', label: 'Contributor', to: tabHrefs.contributor },
          { key: 'reviewer', label: 'Reviewer', to: tabHrefs.reviewer },
        ]}
      />
      <SelectedOrders orders={orders} />
      {completed ? (
        <Alert tone="warning" role="alert">
          {COMPLETED_ORDER_ASSIGNMENT}
        </Alert>
      ) : tab === 'contributor' ? (
        <WriterForm orders={orders} writers={writers} needsSchedulingLink={needsSchedulingLink} />
      ) : (
        <ReviewerForm orders={orders} reviewers={reviewers} />
      )}
    </div>
  )
}

function SelectedOrders({ orders }: { orders: AssignOrder[] }) {
  return (
    <ul
      aria-label="Selected orders"
      className="max-h-32 divide-y divide-gray-100 overflow-y-auto rounded-md text-sm ring-1 ring-gray-200"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
    >
      {orders.map((o) => (
        <li key={o._id} className="flex flex-wrap justify-between gap-2 px-3 py-1.5">
          <span>
            <span className="font-medium text-gray-900">{o.product}</span> · {o.customer}
          </span>
          <span className="text-gray-500">
            {o.writer ?? NO_CONTRIBUTOR}
            {o.reviewer ? ` · Reviewer: ${o.reviewer}` : ''}
          </span>
        </li>
      ))}
    </ul>
  )
}

const optionClass = 'flex cursor-pointer gap-3 rounded-md p-3 ring-1 ring-inset ring-gray-200 hover:bg-gray-50 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-600'

function WriterForm({ orders, writers, needsSchedulingLink }: { orders: AssignOrder[]; writers: AssignWriter[]; needsSchedulingLink: boolean }) {
  const ids = orders.map((o) => o._id)
  const current = shared(orders.map((o) => o.writerId))
  return (
    <ValidatedForm
      id={ORDER_FORMS.assignWriter}
      method="post"
      encType="multipart/form-data"
      validator={assignWriterValidator}
      defaultValues={{ selectedOrdersIds: ids, writerId: current, msgToWriter: '' }}
      className="space-y-4"
      preventScrollReset
    >
      <input type="hidden" name="intent" value="assign-writer" />
      <HiddenIds name="selectedOrdersIds" ids={ids} />
      <FormRefusal />
      <WriterChoices writers={writers} needsSchedulingLink={needsSchedulingLink} />
      <TextArea name="msgToWriter" label="Message to the Contributor (optional)" rows={3} maxLength={MESSAGE_MAX} />
      <TextField name="attachment" label="File for the Contributor (optional)" type="file" />
      <SubmitButton className={buttonClass('primary')}>Assign Contributor</SubmitButton>
    </ValidatedForm>
  )
}

/**
 * One radio per contributor with their stats and profile. The scheduling-link warning shows on each
 * contributor it concerns (so it is there before confirming, with or without JavaScript) and, once
 * one is chosen, above the button.
 */
function WriterChoices({ writers, needsSchedulingLink }: { writers: AssignWriter[]; needsSchedulingLink: boolean }) {
  const { error, defaultValue } = useField('writerId', { validationBehavior: VALIDATE_ON_SUBMIT })
  const [chosen, setChosen] = useState<string>(defaultValue ?? '')
  const lacksLink = (w: AssignWriter) => needsSchedulingLink && !w.writer_data.schedulingLink?.trim()
  const chosenWriter = writers.find((w) => w._id === chosen)
  return (
    <fieldset className="space-y-2" onChange={(e) => setChosen((e.target as HTMLInputElement).value)}>
      <legend className="mb-1 text-sm font-medium text-gray-700">Contributor</legend>
      <div className="max-h-80 space-y-2 overflow-y-auto pr-1">
        <label className={optionClass}>
          <input type="radio" name="writerId" value="" defaultChecked={!defaultValue} className="mt-1" />
          <span className="text-sm text-gray-700">No Contributor (unassign)</span>
        </label>
        {writers.map((w) => (
          <label key={w._id} className={optionClass}>
            <input type="radio" name="writerId" value={w._id} defaultChecked={defaultValue === w._id} className="mt-1" aria-label={fullName(w)} />
            <span className="flex-1 space-y-1 text-sm">
              <span className="flex flex-wrap justify-between gap-2">
                <span className="font-medium text-gray-900">{fullName(w)}</span>
                <span className="text-xs text-gray-600">
                  Total {w.ordersStats.totalOrders} · Pending {w.ordersStats.pendingOrders} · Completed {w.ordersStats.completedOrders}
                </span>
              </span>
              <span className="grid grid-cols-1 gap-x-4 text-xs text-gray-600 sm:grid-cols-2">
                {PROFILE_FIELDS.map((field) => (
                  <span key={field}>
                    <span className="font-medium text-gray-700">{field}:</span> {w.writer_data[field].length ? w.writer_data[field].join(', ') : '-'}
                  </span>
                ))}
              </span>
              {lacksLink(w) ? <span className="block text-xs font-medium text-amber-800">⚠ {NO_SCHEDULING_LINK_WARNING}</span> : null}
            </span>
          </label>
        ))}
        {writers.length === 0 ? <p className="text-sm text-gray-500">No active contributors yet.</p> : null}
      </div>
      <FieldError id="writerId-error" error={error} />
      {chosenWriter && lacksLink(chosenWriter) ? (
        <Alert tone="warning" role="alert">
          {NO_SCHEDULING_LINK_WARNING}
        </Alert>
      ) : null}
    </fieldset>
  )
}

function ReviewerForm({ orders, reviewers }: { orders: AssignOrder[]; reviewers: AssignReviewer[] }) {
  const ids = orders.map((o) => o._id)
  const current = shared(orders.map((o) => o.reviewerId))
  return (
    <ValidatedForm
      id={ORDER_FORMS.assignReviewer}
      method="post"
      validator={assignReviewerValidator}
      defaultValues={{ selectedOrdersIds: ids, reviewerId: current }}
      className="space-y-4"
      preventScrollReset
    >
      <input type="hidden" name="intent" value="assign-reviewer" />
      <HiddenIds name="selectedOrdersIds" ids={ids} />
      <FormRefusal />
      <ReviewerChoices reviewers={reviewers} />
      <SubmitButton className={buttonClass('primary')}>Assign Reviewer</SubmitButton>
    </ValidatedForm>
  )
}

function ReviewerChoices({ reviewers }: { reviewers: AssignReviewer[] }) {
  const { error, defaultValue } = useField('reviewerId', { validationBehavior: VALIDATE_ON_SUBMIT })
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-gray-700">Reviewer</legend>
      <div className="max-h-80 space-y-2 overflow-y-auto pr-1">
        <label className={optionClass}>
          <input type="radio" name="reviewerId" value="" defaultChecked={!defaultValue} className="mt-1" />
          <span className="text-sm text-gray-700">No Reviewer (unassign)</span>
        </label>
        {reviewers.map((r) => (
          <label key={r._id} className={cn(optionClass, 'items-center')}>
            <input type="radio" name="reviewerId" value={r._id} defaultChecked={defaultValue === r._id} aria-label={fullName(r)} />
            <span className="text-sm font-medium text-gray-900">{fullName(r)}</span>
          </label>
        ))}
        {reviewers.length === 0 ? <p className="text-sm text-gray-500">No active reviewers yet.</p> : null}
      </div>
      <FieldError id="reviewerId-error" error={error} />
    </fieldset>
  )
}
