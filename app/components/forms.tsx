// Form pieces of every screen: labelled fields wired to remix-validated-form, alerts, the submit button, classes.
import { type ComponentProps, type ReactNode, useId } from 'react'
import { useField, useIsSubmitting } from 'remix-validated-form'
import { buttonClass, ButtonLink } from '#app/ui/button'

import { FieldError, inputClass, labelClass, primaryButtonClass, VALIDATE_ON_SUBMIT } from './form-parts'

export { useHydrated } from '#app/ui/use-hydrated'
export { FieldError, FormAlert, inputClass, labelClass, linkClass, primaryButtonClass, smallButton, SuccessAlert, VALIDATE_ON_SUBMIT } from './form-parts'

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
