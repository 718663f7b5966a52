// The order page's own controls (issue 27, ADR 0075): due date and priority (UPDATE_ORDERS), contributor and
// reviewer (ASSIGN_WRITER_REVIEWER). Each is a plain form posting to the page (?manage=post), so it works
// without JavaScript (field errors, what was typed kept); with it Remix submits without a full reload.
// Members without a permission see the values in the summary and the team card, and no control here.
import { ValidatedForm } from 'remix-validated-form'
import { SelectField, SubmitButton, TextField } from '#app/components/forms'
import { assignReviewerValidator, assignWriterValidator, dueDateValidator, priorityValidator } from '#app/models/order-actions.schema'
import type { OrderPriority } from '#app/rules/order-priority'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { useHydrated } from '#app/ui/use-hydrated'
import { FormRefusal, PriorityPicker } from './order-settings-form-parts'

/** The forms' ids: a refusal or a field error goes back to the form that posted. */
export const PROJECT_FORMS = {
  dueDate: 'project-due-date',
  priority: 'project-priority',
  writer: 'project-assign-writer',
  reviewer: 'project-assign-reviewer',
} as const

export const PROJECT_MANAGE_PARAM = 'manage'

export type ProjectManageData = {
  orderId: string
  dueDate: string | null
  priority: OrderPriority
  writerId: string | null
  reviewerId: string | null
  today: string
  canSchedule: boolean
  canAssign: boolean
  writers: { value: string; label: string }[]
  reviewers: { value: string; label: string }[]
}

const section = 'space-y-3 border-t border-gray-100 pt-4 first:border-t-0 first:pt-0'
const saveButton = buttonClass('primary')

/** The form's action: this page's URL (its view kept) with ?manage=post. */
const manageAction = (here: string) => `${here}${here.includes('?') ? '&' : '?'}${PROJECT_MANAGE_PARAM}=post`

export function ProjectManage({ data, here }: { data: ProjectManageData; here: string }) {
  if (!data.canSchedule && !data.canAssign) return null
  const action = manageAction(here)
  return (
    <Card aria-label="Manage order">
      <h2 className="mb-3 text-base font-semibold text-gray-900">Manage order</h2>
      <div className="space-y-4">
        {data.canSchedule ? <DueDateForm data={data} action={action} /> : null}
        {data.canSchedule ? <PriorityForm data={data} action={action} /> : null}
        {data.canAssign ? <AssignForm data={data} action={action} who="writer" /> : null}
        {data.canAssign ? <AssignForm data={data} action={action} who="reviewer" /> : null}
      </div>
    </Card>
  )
}

function DueDateForm({ data, action }: { data: ProjectManageData; action: string }) {
  const hydrated = useHydrated()
  return (
    <ValidatedForm
      id={PROJECT_FORMS.dueDate}
      method="post"
      action={action}
      validator={dueDateValidator}
      defaultValues={{ dueDate: data.dueDate ?? '', orderIds: [data.orderId] }}
      noValidate={hydrated}
      className={section}
      preventScrollReset
    >
      <input type="hidden" name="intent" value="due-date" />
      <input type="hidden" name="orderIds" value={data.orderId} />
      <FormRefusal />
      <TextField name="dueDate" label="Due Date" type="date" min={hydrated ? data.today : undefined} />
      <SubmitButton className={saveButton}>Save Due Date</SubmitButton>
    </ValidatedForm>
  )
}

function PriorityForm({ data, action }: { data: ProjectManageData; action: string }) {
  return (
    <ValidatedForm
      id={PROJECT_FORMS.priority}
      method="post"
      action={action}
      validator={priorityValidator}
      defaultValues={{ priority: data.priority }}
      className={section}
      preventScrollReset
    >
      <input type="hidden" name="intent" value="priority" />
      <FormRefusal />
      <PriorityPicker />
      <SubmitButton className={saveButton}>Save Priority</SubmitButton>
    </ValidatedForm>
  )
}

function AssignForm({ data, action, who }: { data: ProjectManageData; action: string; who: 'writer' | 'reviewer' }) {
  const writer = who === 'writer'
  const field = writer ? 'writerId' : 'reviewerId'
  const current = (writer ? data.writerId : data.reviewerId) ?? ''
  const options = writer ? data.writers : data.reviewers
  // Someone no longer on the list (archived, lost the role) stays selectable as they are now.
  return (
    <ValidatedForm
      id={writer ? PROJECT_FORMS.writer : PROJECT_FORMS.reviewer}
      method="post"
      action={action}
      validator={(writer ? assignWriterValidator : assignReviewerValidator) as typeof assignReviewerValidator}
      defaultValues={{ selectedOrdersIds: [data.orderId], [field]: current }}
      className={section}
      preventScrollReset
    >
      <input type="hidden" name="intent" value={writer ? 'assign-writer' : 'assign-reviewer'} />
      <input type="hidden" name="selectedOrdersIds" value={data.orderId} />
      <FormRefusal />
      <SelectField name={field} label={writer ? 'Contributor' : 'Reviewer'} options={options} placeholder="Not Assigned Yet" />
      <SubmitButton className={saveButton}>{writer ? 'Save Contributor' : 'Save Reviewer'}</SubmitButton>
    </ValidatedForm>
  )
}
