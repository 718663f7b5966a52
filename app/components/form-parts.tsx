// The plain form pieces (classes, error and alert boxes): no remix-validated-form, so a list page that only
// borrows a class or an alert does not carry the form library (issue 27, ADR 0077). forms.tsx re-exports them.
import type { ReactNode } from 'react'

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
