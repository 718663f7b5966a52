// Small form pieces for the sign-in pages: labelled inputs wired to remix-validated-form, alerts, buttons.
import { type ComponentProps, type ReactNode, useEffect, useId, useState } from 'react'
import { useField, useIsSubmitting } from 'remix-validated-form'

export const inputClass =
  'block w-full rounded-md border-0 px-3 py-2 text-gray-900 shadow-sm ring-1 ring-inset ring-gray-300 placeholder:text-gray-400 focus:outline-hidden focus:ring-2 focus:ring-inset focus:ring-brand-600 aria-[invalid=true]:ring-red-500 sm:text-sm'

export const labelClass = 'mb-1 block text-sm font-medium text-gray-700'

/** True once React runs in the browser: lets a page add enhancements the server render lacks. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}

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

type TextFieldProps = {
  name: string
  label: string
  /** Keeps secrets out of the re-rendered form: the server never repopulates them. */
  type?: 'text' | 'email' | 'password'
} & Omit<ComponentProps<'input'>, 'name' | 'type' | 'defaultValue' | 'id'>

export function TextField({ name, label, type = 'text', ...rest }: TextFieldProps) {
  const id = useId()
  const { error, getInputProps } = useField(name, { validationBehavior: VALIDATE_ON_SUBMIT })
  const errorId = `${id}-error`
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        {...getInputProps<ComponentProps<'input'>>({
          ...rest,
          id,
          type,
          className: inputClass,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
        })}
      />
      <FieldError id={errorId} error={error} />
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

export const primaryButtonClass =
  'flex w-full justify-center rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60'

export const linkClass = 'font-medium text-brand-600 hover:text-brand-700 hover:underline'

/** The submit button of a ValidatedForm: disabled while that form is on its way. */
export function SubmitButton({ children, ...rest }: Omit<ComponentProps<'button'>, 'type'>) {
  const submitting = useIsSubmitting()
  return (
    <button type="submit" disabled={submitting} className={primaryButtonClass} {...rest}>
      {children}
    </button>
  )
}
