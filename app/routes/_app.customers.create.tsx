// /customers/create: the customer form (welcome e-mail and active on by default, a generated password),
// then 'Do you also want to create an order?' (Yes: /orders/create with the customer; No: /customers/view).
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData } from '@remix-run/react'
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react'
import { type ComponentProps, useEffect, useId, useState } from 'react'
import { useField, validationError, ValidatedForm } from 'remix-validated-form'
import { FieldError, FormAlert, inputClass, labelClass, SubmitButton, SuccessAlert, TextField, VALIDATE_ON_SUBMIT } from '#app/components/forms'
import { CUSTOMER_CREATED, customerCreateValidator } from '#app/models/customers.schema'
import { customerActions } from '#app/models/customers.server'
import { generatePassword } from '#app/rules/people'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { useHydrated } from '#app/ui/use-hydrated'
import { readForm } from '#app/services/form-request.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, routeGuard('/customers/create'))
  return null
}

type ActionData =
  { created: { _id: string; name: string; email: string } } | { generated: string; values: Record<string, unknown> } | { formError: string; values: Record<string, unknown> }

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/customers/create'))
  const form = await readForm(request)
  // Without JavaScript the 'Generate Password' button posts the form back with a fresh password filled in.
  if (form.get('intent') === 'generate') {
    const values = { ...Object.fromEntries(form), password: generatePassword(), welcomeEmail: form.has('welcomeEmail'), active: form.has('active') }
    return data<ActionData>({ generated: values.password, values })
  }
  const result = await customerCreateValidator.validate(form)
  if (result.error) return validationError(result.error, result.submittedData)
  const outcome = await customerActions.create(t, request, result.data)
  if (!outcome.ok) {
    const { password: _password, ...values } = result.submittedData
    return data<ActionData>({ formError: outcome.error, values }, { status: 400 })
  }
  const c = outcome.customer
  return data<ActionData>({ created: { _id: c.publicId, name: `${c.firstName} ${c.lastName}`, email: c.email } })
}

export default function CustomerCreateRoute() {
  const actionData = useActionData<typeof action>() as ActionData | { fieldErrors: unknown; repopulateFields?: Record<string, unknown> } | undefined
  const hydrated = useHydrated()
  const created = actionData && 'created' in actionData ? actionData.created : null
  const values = actionData && 'values' in actionData ? actionData.values : actionData && 'repopulateFields' in actionData ? (actionData.repopulateFields ?? {}) : {}
  const generated = actionData && 'generated' in actionData ? actionData.generated : null
  const formError = actionData && 'formError' in actionData ? actionData.formError : null
  // A new form (new key) after each create or server-side generate, so its inputs take the new defaults.
  const formKey = created ? `created-${created._id}` : generated ? `gen-${generated}` : 'form'
  // Both toggles start on; after a post they show what was sent (an unchecked box sends nothing).
  const posted = Object.keys(values).length > 0
  const toggle = (name: 'welcomeEmail' | 'active') => (posted ? values[name] === true || values[name] === 'on' || values[name] === 'true' : true)

  return (
    <div className="max-w-2xl space-y-6">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold text-gray-900">Create Customer</h1>
        <Link to="/customers/view" className="text-sm font-medium text-brand-600 hover:underline">
          Back to customers
        </Link>
      </div>
      {created ? <CreatedDialog created={created} hydrated={hydrated} /> : null}
      <Card aria-label="Customer details">
        <FormAlert>{formError}</FormAlert>
        <ValidatedForm
          key={formKey}
          method="post"
          validator={customerCreateValidator}
          noValidate={hydrated}
          defaultValues={
            created ? {} : { firstName: String(values.firstName ?? ''), lastName: String(values.lastName ?? ''), email: String(values.email ?? ''), password: generated ?? '' }
          }
          className="space-y-5"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="firstName" label="First Name" autoComplete="off" />
            <TextField name="lastName" label="Last Name" autoComplete="off" />
          </div>
          <TextField name="email" label="Email" type="email" autoComplete="off" />
          <PasswordField initialVisible={!!generated} />
          <div className="flex flex-wrap gap-6">
            <Toggle name="welcomeEmail" label="Send Welcome Email" defaultChecked={created ? true : toggle('welcomeEmail')} />
            <Toggle name="active" label="Active" defaultChecked={created ? true : toggle('active')} />
          </div>
          <div className="w-48">
            <SubmitButton name="intent" value="create">
              Create Customer
            </SubmitButton>
          </div>
        </ValidatedForm>
      </Card>
    </div>
  )
}

function PasswordField({ initialVisible }: { initialVisible: boolean }) {
  const id = useId()
  const hydrated = useHydrated()
  const { error, getInputProps, clearError } = useField('password', { validationBehavior: VALIDATE_ON_SUBMIT })
  const [visible, setVisible] = useState(initialVisible)
  const [value, setValue] = useState<string | null>(null)
  const props = getInputProps<ComponentProps<'input'>>({
    id,
    type: visible ? 'text' : 'password',
    autoComplete: 'new-password',
    className: `${inputClass} font-mono`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  })
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Password
      </label>
      <div className="flex gap-2">
        <input {...props} {...(value !== null ? { value, defaultValue: undefined, onChange: (e) => setValue(e.target.value) } : {})} />
        {hydrated ? (
          <button
            type="button"
            className={buttonClass('secondary', 'whitespace-nowrap')}
            onClick={() => {
              setValue(generatePassword())
              setVisible(true)
              clearError()
            }}
          >
            Generate Password
          </button>
        ) : (
          <button type="submit" name="intent" value="generate" formNoValidate className={buttonClass('secondary', 'whitespace-nowrap')}>
            Generate Password
          </button>
        )}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  )
}

function Toggle({ name, label, defaultChecked }: { name: string; label: string; defaultChecked: boolean }) {
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" role="switch" name={name} value="on" defaultChecked={defaultChecked} className="size-4 rounded border-gray-300 text-brand-600" />
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
    </div>
  )
}

function CreatedDialog({ created, hydrated }: { created: { _id: string; name: string }; hydrated: boolean }) {
  const [open, setOpen] = useState(true)
  useEffect(() => setOpen(true), [created._id])
  const body = (
    <>
      <SuccessAlert>{CUSTOMER_CREATED}</SuccessAlert>
      <p className="mb-4 text-sm text-gray-700">Do you also want to create an order?</p>
      <div className="flex gap-3">
        <Link to={`/orders/create?customer=${encodeURIComponent(created._id)}`} state={{ customer: created }} className={buttonClass('primary')}>
          Yes
        </Link>
        <Link to="/customers/view" className={buttonClass('secondary')}>
          No
        </Link>
      </div>
    </>
  )
  if (!hydrated) {
    return (
      <Card role="dialog" aria-label="Do you also want to create an order?" className="border-l-4 border-green-600">
        {body}
      </Card>
    )
  }
  return (
    <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl">
          <DialogTitle className="mb-3 text-lg font-semibold text-gray-900">{created.name}</DialogTitle>
          {body}
        </DialogPanel>
      </div>
    </Dialog>
  )
}

export const meta: MetaFunction = () => [{ title: 'Create Customer | Draftdesk' }]
