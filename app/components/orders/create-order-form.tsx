// The Create Order form: customer, product, price override and the Mark As Paid / Create Invoice toggles.
import { Form } from '@remix-run/react'
import { useId, useState } from 'react'
import { ValidatedForm } from 'remix-validated-form'
import { FormAlert, inputClass, labelClass, SelectField, SubmitButton, TextField } from '#app/components/forms'
import { orderCreateValidator } from '#app/models/order-create.schema'
import { showsCreateInvoice } from '#app/rules/create-order'
import { formatMoney } from '#app/rules/money'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { useHydrated } from '#app/ui/use-hydrated'
import { CreateOrderCustomerPicker, type CustomerChoice } from './create-order-customer-picker'

export type CreateOrderValues = { customer_id: string; package_id: string; price: string; markAsPaid: boolean; createInvoice: boolean }
export type ProductChoice = { _id: string; packageName: string; packagePrice: number }

export const EMPTY_ORDER: CreateOrderValues = { customer_id: '', package_id: '', price: '', markAsPaid: false, createInvoice: true }

const isOn = (v: unknown) => (Array.isArray(v) ? v : [v]).some((x) => x === 'on' || x === 'true' || x === true)

/** What a re-rendered form shows after a refused post: what was sent (an unticked box sends nothing). */
export function valuesFromPost(posted: Record<string, unknown> | undefined, fallback: CreateOrderValues): CreateOrderValues {
  if (!posted) return fallback
  return {
    customer_id: String(posted.customer_id ?? ''),
    package_id: String(posted.package_id ?? ''),
    price: String(posted.price ?? ''),
    markAsPaid: isOn(posted.markAsPaid),
    createInvoice: isOn(posted.createInvoice),
  }
}

export function CreateOrderForm({
  values,
  customers,
  products,
  currency,
  customerSearch,
  formError,
}: {
  values: CreateOrderValues
  customers: CustomerChoice[]
  products: ProductChoice[]
  currency: string
  customerSearch: string
  formError?: string | null
}) {
  const hydrated = useHydrated()
  const [markAsPaid, setMarkAsPaid] = useState(values.markAsPaid)
  const [productId, setProductId] = useState(values.package_id)
  const product = products.find((p) => p._id === productId)
  return (
    <div className="max-w-2xl space-y-4">
      {hydrated ? null : <CustomerSearch search={customerSearch} />}
      <Card aria-label="Order details">
        <FormAlert>{formError}</FormAlert>
        <ValidatedForm
          method="post"
          validator={orderCreateValidator}
          defaultValues={{ package_id: values.package_id, price: values.price } as never /* the field holds the typed text, the schema's output is a number */}
          noValidate={hydrated}
          className="space-y-5"
        >
          <CreateOrderCustomerPicker name="customer_id" customers={customers} selectedId={values.customer_id} />
          <SelectField
            name="package_id"
            label="Product"
            placeholder="Select Product"
            options={products.map((p) => ({ value: p._id, label: `${p.packageName} (${formatMoney(p.packagePrice, currency)})` }))}
            onChange={(e) => setProductId(e.target.value)}
          />
          <div>
            <TextField name="price" label="Price" inputMode="decimal" autoComplete="off" placeholder={product ? String(product.packagePrice) : 'The product price'} />
            <p className="mt-1 text-xs text-gray-500">Optional: leave empty to charge the product price{product ? ` (${formatMoney(product.packagePrice, currency)})` : ''}.</p>
          </div>
          <div className="space-y-3">
            <CreateOrderToggle name="markAsPaid" label="Mark As Paid" defaultChecked={values.markAsPaid} onChange={setMarkAsPaid} />
            {!hydrated || showsCreateInvoice(markAsPaid) ? (
              <CreateOrderToggle
                name="createInvoice"
                label="Create Invoice"
                defaultChecked={values.createInvoice}
                hint={hydrated ? undefined : 'Only with Mark As Paid; an unpaid order always gets an invoice.'}
              />
            ) : null}
          </div>
          <div className="w-48">
            <SubmitButton>Create Order</SubmitButton>
          </div>
        </ValidatedForm>
      </Card>
    </div>
  )
}

/** Without JavaScript the customer list is narrowed by this GET search, since the select cannot search. */
function CustomerSearch({ search }: { search: string }) {
  const id = useId()
  return (
    <Form method="get" role="search" className="flex items-end gap-2">
      <div>
        <label htmlFor={id} className={labelClass}>
          Find a customer
        </label>
        <input id={id} type="search" name="q" defaultValue={search} maxLength={100} placeholder="Name or email" className={`${inputClass} w-64`} />
      </div>
      <button type="submit" className={buttonClass('secondary')}>
        Search
      </button>
    </Form>
  )
}

function CreateOrderToggle({
  name,
  label,
  defaultChecked,
  hint,
  onChange,
}: {
  name: string
  label: string
  defaultChecked: boolean
  hint?: string
  onChange?: (on: boolean) => void
}) {
  const id = useId()
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        name={name}
        value="on"
        defaultChecked={defaultChecked}
        onChange={(e) => onChange?.(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 rounded border-gray-300 text-brand-600"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-gray-800">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-gray-500">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  )
}
