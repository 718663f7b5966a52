// Form pieces of every screen: labelled fields wired to remix-validated-form, alerts, the submit button, classes.
import { type ComponentProps, type ReactNode, useId } from 'react'
import { useField, useIsSubmitting } from 'remix-validated-form'
import { buttonClass, ButtonLink } from '#app/ui/button'

export { useHydrated } from '#app/ui/use-hydrated'

export const inputClass =
  'block w-full rounded-md border-0 px-3 py-2 text-gray-900 shadow-sm ring-1 ring-inset ring-gray-300 placeholder:text-gray-500 focus:outline-hidden focus:ring-2 focus:ring-inset focus:ring-brand-600 aria-[invalid=true]:ring-red-500 sm:text-sm'

export const labelClass = 'mb-1 block text-sm font-medium text-gray-700'

export const linkClass = 'font-medium text-brand-600 hover:text-brand-700 hover:underline'

export const primaryButtonClass =
  'flex w-full justify-center rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60'

export const smallButton = 'rounded px-2 py-1 text-xs font-medium ring-1 ring-inset ring-gray-300 hover:bg-gray-50 disabled:opacity-40'

/**
 * Validate on submit, then on change: a message appearing on blur shifts the buttons below it
 * while the pointer is pressed on one, and the click is lost.
 */
export const VALIDATE_ON_SUBMIT = { initial: 'onSubmit', whenTouched: 'onSubmit', whenSubmitted: 'onChange' } as const

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null
  return (
    <p id={id} className="mt-1 text-sm text-red-600">
      {error}
    </p>
  )
}

/** The label, the wiring and the error of one field; `control` draws the input itself. */
function useLabelledField(name: string) {
  const id = useId()
  const { error, getInputProps } = useField(name, { validationBehavior: VALIDATE_ON_SUBMIT })
  const errorId = `${id}-error`
  const aria = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined }
  return { id, error, errorId, aria, getInputProps }
}

function Labelled({ id, label, errorId, error, children }: { id: string; label: string; errorId: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      <FieldError id={errorId} error={error} />
    </div>
  )
}

type TextFieldProps = {
  name: string
  label: string
  /** Any input type; password and file inputs are never given a value back by the server. */
  type?: string
} & Omit<ComponentProps<'input'>, 'name' | 'type' | 'defaultValue' | 'id'>

export function TextField({ name, label, type = 'text', ...rest }: TextFieldProps) {
  const { id, error, errorId, aria, getInputProps } = useLabelledField(name)
  const props = getInputProps<ComponentProps<'input'>>({ ...rest, id, type, className: inputClass, ...aria })
  // A file input cannot be given a value back.
  if (type === 'file') delete (props as Record<string, unknown>).defaultValue
  return (
    <Labelled id={id} label={label} errorId={errorId} error={error}>
      <input {...props} />
    </Labelled>
  )
}

export function TextArea({ name, label, ...rest }: { name: string; label: string } & Omit<ComponentProps<'textarea'>, 'name' | 'id' | 'defaultValue'>) {
  const { id, error, errorId, aria, getInputProps } = useLabelledField(name)
  return (
    <Labelled id={id} label={label} errorId={errorId} error={error}>
      <textarea {...getInputProps<ComponentProps<'textarea'>>({ ...rest, id, className: inputClass, ...aria })} />
    </Labelled>
  )
}

export function SelectField({
  name,
  label,
  options,
  placeholder,
  ...rest
}: { name: string; label: string; options: { value: string; label: string }[]; placeholder?: string } & Omit<ComponentProps<'select'>, 'name' | 'id' | 'defaultValue'>) {
  const { id, error, errorId, aria, getInputProps } = useLabelledField(name)
  return (
    <Labelled id={id} label={label} errorId={errorId} error={error}>
      <select {...getInputProps<ComponentProps<'select'>>({ ...rest, id, className: inputClass, ...aria })}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Labelled>
  )
}

/** A checkbox; several with one name and different values make a list. */
export function CheckboxField({
  name,
  label,
  value = 'on',
  description,
  ...rest
}: { name: string; label: string; value?: string; description?: ReactNode } & Omit<ComponentProps<'input'>, 'name' | 'id' | 'type' | 'value' | 'defaultValue'>) {
  const id = useId()
  const { error, getInputProps } = useField(name, { validationBehavior: VALIDATE_ON_SUBMIT })
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          {...getInputProps<ComponentProps<'input'>>({ ...rest, id, type: 'checkbox', value })}
          className="mt-0.5 size-4 rounded border-gray-300 text-brand-600 focus:ring-brand-600"
        />
        <label htmlFor={id} className="text-sm text-gray-700">
          {label}
          {description ? <span className="block text-gray-500">{description}</span> : null}
        </label>
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  )
}

export function FormAlert({ children }: { children?: ReactNode }) {
  if (!children) return null
  return (
    <div role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
      {children}
    </div>
  )
}

export function SuccessAlert({ children }: { children?: ReactNode }) {
  if (!children) return null
  return (
    <div role="status" className="mb-4 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800">
      {children}
    </div>
  )
}

/** The submit button of a ValidatedForm: disabled while that form is on its way. */
export function SubmitButton({ children, ...rest }: Omit<ComponentProps<'button'>, 'type'>) {
  const submitting = useIsSubmitting()
  return (
    <button type="submit" disabled={submitting} className={primaryButtonClass} {...rest}>
      {children}
    </button>
  )
}

/** Save and Cancel under a back-office form. */
export function SaveOrCancel({ label, cancelTo }: { label: string; cancelTo: string }) {
  return (
    <div className="flex gap-3">
      <SubmitButton className={buttonClass('primary')}>{label}</SubmitButton>
      <ButtonLink to={cancelTo} variant="secondary">
        Cancel
      </ButtonLink>
    </div>
  )
}
