// Pieces of the plan and promotion forms: the operation's request key and the provider failure alert.
import { useField } from 'remix-validated-form'
import { FormAlert } from '#app/components/forms'

/** The rendered form's idempotency key: a double submit of this form is one operation. */
export function RequestKeyField({ value }: { value: string }) {
  return <input type="hidden" name="requestKey" value={value} />
}

/** A failure of the whole save (the payment provider refused or is down), shown above the fields. */
export function ProviderError() {
  const { error } = useField('_form')
  return <FormAlert>{error}</FormAlert>
}
