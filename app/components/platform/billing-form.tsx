// Pieces of the billing forms (plans, promotions, checkout): the operation's request key and the provider failure alert.
import { useField } from 'remix-validated-form'
import { FormAlert } from '#app/components/form-parts'

/**
 * The rendered form's idempotency key: a double submit of this form is one operation. After a failed
 * submit the server's answer carries the key back, so the retry of that form stays the same operation.
 */
export function RequestKeyField({ value }: { value: string }) {
  const { defaultValue } = useField('requestKey')
  return <input type="hidden" name="requestKey" value={typeof defaultValue === 'string' ? defaultValue : value} />
}

/** A failure of the whole save (the payment provider refused or is down), shown above the fields. */
export function ProviderError() {
  const { error } = useField('_form')
  return <FormAlert>{error}</FormAlert>
}
