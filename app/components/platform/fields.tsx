// Form pieces for the platform and profile screens: selects, checkboxes and the page-level notices.
import { type ComponentProps, type ReactNode, useId } from 'react'
import { useField } from 'remix-validated-form'
import { FieldError, inputClass, labelClass, VALIDATE_ON_SUBMIT } from '#app/components/auth/fields'
import { cn } from '#app/ui/cn'

export { FormAlert, SubmitButton, SuccessAlert, TextField } from '#app/components/auth/fields'

export function SelectField({
  name,
  label,
  options,
  placeholder,
  ...rest
}: { name: string; label: string; options: { value: string; label: string }[]; placeholder?: string } & Omit<ComponentProps<'select'>, 'name' | 'id'>) {
  const id = useId()
  const { error, getInputProps } = useField(name, { validationBehavior: VALIDATE_ON_SUBMIT })
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        {...getInputProps<ComponentProps<'select'>>({
          ...rest,
          id,
          className: inputClass,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        })}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  )
}

export function CheckboxField({ name, label, value, description }: { name: string; label: string; value?: string; description?: ReactNode }) {
  const id = useId()
  const { getInputProps } = useField(name)
  return (
    <div className="flex items-start gap-3">
      <input
        {...getInputProps<ComponentProps<'input'>>({ id, type: 'checkbox', value: value ?? 'on' })}
        className="mt-0.5 size-4 rounded border-gray-300 text-brand-600 focus:ring-brand-600"
      />
      <label htmlFor={id} className="text-sm text-gray-700">
        {label}
        {description ? <span className="block text-gray-500">{description}</span> : null}
      </label>
    </div>
  )
}

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
      {children ? <div className="flex items-center gap-2">{children}</div> : null}
    </div>
  )
}

export function Badge({ tone = 'gray', children }: { tone?: 'gray' | 'green' | 'red' | 'amber'; children: ReactNode }) {
  const tones = {
    gray: 'bg-gray-100 text-gray-700',
    green: 'bg-green-50 text-green-700 ring-green-600/20',
    red: 'bg-red-50 text-red-700 ring-red-600/20',
    amber: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  }
  return <span className={cn('inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset ring-transparent', tones[tone])}>{children}</span>
}
