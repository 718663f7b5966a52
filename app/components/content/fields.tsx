// Form pieces of the content screens: labelled fields wired to remix-validated-form, page headers, notices.
import { Link } from '@remix-run/react'
import { type ComponentProps, type ReactNode, useId } from 'react'
import { useField } from 'remix-validated-form'
import { FieldError, inputClass, labelClass, VALIDATE_ON_SUBMIT } from '#app/components/auth/fields'
import { Alert } from '#app/ui/alert'

export { FieldError, FormAlert, SubmitButton, TextField } from '#app/components/auth/fields'

export function PageHeader({ title, children, crumbs }: { title: string; children?: ReactNode; crumbs?: { to: string; label: string }[] }) {
  return (
    <div className="mb-5 space-y-1">
      {crumbs && (
        <nav aria-label="Breadcrumb" className="text-sm text-gray-500">
          {crumbs.map((c, i) => (
            <span key={c.to}>
              {i > 0 && ' / '}
              <Link to={c.to} className="hover:text-brand-700 hover:underline">
                {c.label}
              </Link>
            </span>
          ))}
        </nav>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
        {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
      </div>
    </div>
  )
}

export function Toast({ message }: { message?: string | null }) {
  if (!message) return null
  return (
    <Alert tone="success" className="mb-4">
      {message}
    </Alert>
  )
}

type InputProps = { name: string; label: string; type?: string } & Omit<ComponentProps<'input'>, 'name' | 'type' | 'id' | 'defaultValue'>

/** Like TextField but any input type (number, date, file). */
export function InputField({ name, label, type = 'text', ...rest }: InputProps) {
  const id = useId()
  const { error, getInputProps } = useField(name, { validationBehavior: VALIDATE_ON_SUBMIT })
  const errorId = `${id}-error`
  const props = getInputProps<ComponentProps<'input'>>({
    ...rest,
    id,
    type,
    className: inputClass,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  })
  // A file input cannot be given a value back.
  if (type === 'file') delete (props as Record<string, unknown>).defaultValue
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input {...props} />
      <FieldError id={errorId} error={error} />
    </div>
  )
}

export function SelectField({ name, label, options, placeholder, ...rest }: { name: string; label: string; options: { value: string; label: string }[]; placeholder?: string } & Omit<ComponentProps<'select'>, 'name' | 'id' | 'defaultValue'>) {
  const id = useId()
  const { error, getInputProps } = useField(name, { validationBehavior: VALIDATE_ON_SUBMIT })
  const errorId = `${id}-error`
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
          'aria-describedby': error ? errorId : undefined,
        })}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  )
}

export function CheckboxField({ name, label, ...rest }: { name: string; label: string } & Omit<ComponentProps<'input'>, 'name' | 'id' | 'type'>) {
  const id = useId()
  const { error, getInputProps } = useField(name, { validationBehavior: VALIDATE_ON_SUBMIT })
  return (
    <div>
      <label htmlFor={id} className="inline-flex items-center gap-2 text-sm font-medium text-gray-700">
        <input {...getInputProps<ComponentProps<'input'>>({ ...rest, id, type: 'checkbox', value: 'true', className: 'size-4 rounded border-gray-300' })} />
        {label}
      </label>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  )
}

export const smallButton = 'rounded px-2 py-1 text-xs font-medium ring-1 ring-inset ring-gray-300 hover:bg-gray-50 disabled:opacity-40'
