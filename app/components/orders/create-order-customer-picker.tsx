// The Create Order customer picker: a searchable combobox over GET /api/customers/get?active=true with
// JavaScript; without it a plain select of the customers the page's own search found.
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react'
import { useFetcher } from '@remix-run/react'
import { type ComponentProps, useEffect, useId, useMemo, useState } from 'react'
import { useField } from 'remix-validated-form'
import { FieldError, inputClass, labelClass, VALIDATE_ON_SUBMIT } from '#app/components/form-parts'
import { useHydrated } from '#app/ui/use-hydrated'

export type CustomerChoice = { _id: string; firstName: string; lastName: string; email: string }

const SEARCH_DEBOUNCE_MS = 300
const SEARCH_SIZE = 20

export const customerLabel = (c: CustomerChoice) => `${c.firstName} ${c.lastName} (${c.email})`

export function CreateOrderCustomerPicker({ name, customers, selectedId }: { name: string; customers: CustomerChoice[]; selectedId: string }) {
  const hydrated = useHydrated()
  return hydrated ? <CustomerCombobox name={name} customers={customers} selectedId={selectedId} /> : <CustomerSelect name={name} customers={customers} selectedId={selectedId} />
}

function CustomerSelect({ name, customers, selectedId }: { name: string; customers: CustomerChoice[]; selectedId: string }) {
  const id = useId()
  const { error, getInputProps } = useField(name, { validationBehavior: VALIDATE_ON_SUBMIT })
  const aria = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined }
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Customer
      </label>
      <select {...getInputProps<ComponentProps<'select'>>({ id, className: inputClass, ...aria })} defaultValue={selectedId}>
        <option value="">Select a Customer</option>
        {customers.map((c) => (
          <option key={c._id} value={c._id}>
            {customerLabel(c)}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  )
}

function CustomerCombobox({ name, customers, selectedId }: { name: string; customers: CustomerChoice[]; selectedId: string }) {
  const id = useId()
  const { error, validate } = useField(name, { validationBehavior: VALIDATE_ON_SUBMIT })
  const fetcher = useFetcher<{ customers?: CustomerChoice[] }>()
  const load = fetcher.load
  const [query, setQuery] = useState('')
  const [selected, setSelected] = useState<string | null>(selectedId || null)
  // Every customer seen so far, so the chosen one keeps its label while the results change.
  const [known, setKnown] = useState(() => new Map(customers.map((c) => [c._id, c])))

  useEffect(() => {
    const term = query.trim()
    if (!term) return
    const timer = setTimeout(() => load(`/api/customers/get?active=true&size=${SEARCH_SIZE}&search=${encodeURIComponent(term)}`), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
    // Only a new search term loads: the fetcher object changes with each of its states, its load function does not.
  }, [query, load])

  const found = fetcher.data?.customers
  useEffect(() => {
    if (found?.length) setKnown((m) => new Map([...m, ...found.map((c) => [c._id, c] as const)]))
  }, [found])

  const options = useMemo(() => {
    const term = query.trim().toLowerCase()
    if (!term) return customers
    const local = customers.filter((c) => customerLabel(c).toLowerCase().includes(term))
    const remote = (found ?? []).filter((c) => !local.some((l) => l._id === c._id))
    return [...local, ...remote]
  }, [customers, found, query])

  return (
    <Field>
      <Label className={labelClass}>Customer</Label>
      <Combobox
        name={name}
        value={selected}
        onChange={(value: string | null) => {
          setSelected(value)
          if (error) setTimeout(validate, 0)
        }}
        onClose={() => setQuery('')}
        immediate
      >
        <ComboboxInput
          className={inputClass}
          placeholder="Search customers by name or email"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          displayValue={(value: string | null) => {
            const customer = value ? known.get(value) : undefined
            return customer ? customerLabel(customer) : ''
          }}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
        />
        <ComboboxOptions
          anchor="bottom start"
          className="z-50 max-h-72 w-(--input-width) overflow-y-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-gray-200 empty:invisible"
        >
          {options.length === 0 ? (
            <div className="px-3 py-2 text-gray-500">{fetcher.state === 'loading' ? 'Searching…' : 'No Record Found'}</div>
          ) : (
            options.map((c) => (
              <ComboboxOption key={c._id} value={c._id} className="cursor-pointer px-3 py-2 text-gray-900 data-focus:bg-brand-50 data-selected:font-semibold">
                {customerLabel(c)}
              </ComboboxOption>
            ))
          )}
        </ComboboxOptions>
      </Combobox>
      <FieldError id={`${id}-error`} error={error} />
    </Field>
  )
}
