// The product form (create and edit): name, price, workflow and file toggles, contract, purchasable.
import { Link, useActionData } from '@remix-run/react'
import type { Validator } from 'remix-validated-form'
import { useField, ValidatedForm } from 'remix-validated-form'
import { FieldError, FormAlert, inputClass, labelClass, SubmitButton, TextArea, TextField } from '#app/components/forms'

export type ProductFormValues = {
  packageName: string
  packagePrice: string
  packageServices: string[]
  packageDownloadables: string[]
  contractID: string
  purchasable: boolean
  description: string
}

export type ProductOptions = {
  workflows: { _id: string; serviceName: string; serviceType: string }[]
  files: { _id: string; title: string }[]
  contracts: { _id: string; title: string }[]
}

/** What a re-rendered form shows: the posted values after a failed save, else the stored product. */
export function valuesFrom(data: unknown, fallback: ProductFormValues): ProductFormValues {
  if (!data || typeof data !== 'object') return fallback
  const d = data as Record<string, unknown>
  const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? [v] : [])
  const last = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v)
  return {
    packageName: String(d.packageName ?? ''),
    packagePrice: String(d.packagePrice ?? ''),
    packageServices: list(d.packageServices),
    packageDownloadables: list(d.packageDownloadables),
    contractID: String(d.contractID ?? ''),
    purchasable: last(d.purchasable) !== 'false',
    description: String(d.description ?? ''),
  }
}

/** The create and edit pages: breadcrumb, title and the form, refilled from a failed save's answer. */
export function ProductFormPage({
  title,
  initial,
  ...props
}: {
  title: string
  initial: ProductFormValues
  validator: Validator<Record<string, unknown>>
  options: ProductOptions
  submitLabel: string
}) {
  const actionData = useActionData() as { formError?: string; repopulateFields?: unknown } | undefined
  const values = valuesFrom(actionData?.repopulateFields, initial)
  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="text-sm text-gray-500">
        <Link to="/products/view" className="hover:text-gray-900">
          Products
        </Link>{' '}
        / <span className="text-gray-900">{title}</span>
      </nav>
      <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
      <ProductForm key={JSON.stringify(values)} values={values} formError={actionData?.formError} {...props} />
    </div>
  )
}

export function ProductForm({
  validator,
  values,
  options,
  submitLabel,
  formError,
}: {
  validator: Validator<Record<string, unknown>>
  values: ProductFormValues
  options: ProductOptions
  submitLabel: string
  formError?: string | null
}) {
  return (
    <ValidatedForm
      method="post"
      validator={validator}
      defaultValues={{ packageName: values.packageName, packagePrice: values.packagePrice, description: values.description }}
      noValidate
      className="max-w-2xl space-y-6"
    >
      <FormAlert>{formError}</FormAlert>
      <TextField name="packageName" label="Product Name" autoComplete="off" />
      <TextField name="packagePrice" label="Product Price" inputMode="decimal" autoComplete="off" />
      <TextArea name="description" label="Description (shown in your shop)" rows={3} maxLength={2000} />
      <CheckboxGroup
        name="packageServices"
        legend="Workflows"
        items={options.workflows.map((w) => ({ value: w._id, label: w.serviceName }))}
        checked={values.packageServices}
        empty="No workflows yet: create one first."
      />
      <CheckboxGroup
        name="packageDownloadables"
        legend="Downloadable Files"
        items={options.files.map((f) => ({ value: f._id, label: f.title }))}
        checked={values.packageDownloadables}
        empty="No files yet."
      />
      <div>
        <label htmlFor="product-contract" className={labelClass}>
          Contract
        </label>
        <select id="product-contract" name="contractID" defaultValue={values.contractID} className={inputClass}>
          <option value="">No contract</option>
          {options.contracts.map((c) => (
            <option key={c._id} value={c._id}>
              {c.title}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-3 text-sm text-gray-700">
        <input type="hidden" name="purchasable" value="false" />
        <input type="checkbox" name="purchasable" value="true" defaultChecked={values.purchasable} className="size-4 rounded border-gray-300" />
        Purchasable in the customer portal
      </label>
      <div className="w-48">
        <SubmitButton>{submitLabel}</SubmitButton>
      </div>
    </ValidatedForm>
  )
}

function CheckboxGroup({ name, legend, items, checked, empty }: { name: string; legend: string; items: { value: string; label: string }[]; checked: string[]; empty: string }) {
  const { error, clearError } = useField(name)
  return (
    <fieldset>
      <legend className={labelClass}>{legend}</legend>
      {items.length === 0 ? <p className="text-sm text-gray-500">{empty}</p> : null}
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {items.map((item) => (
          <label key={item.value} className="flex items-center gap-3 rounded-md bg-white px-3 py-2 text-sm text-gray-800 ring-1 ring-gray-200">
            <input
              type="checkbox"
              role="switch"
              name={name}
              value={item.value}
              defaultChecked={checked.includes(item.value)}
              onChange={() => error && clearError()}
              className="size-4 rounded border-gray-300"
            />
            {item.label}
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`} error={error} />
    </fieldset>
  )
}
