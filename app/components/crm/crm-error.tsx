// The CRM's refusal in a red alert (back-office section 8): its message, and its per-field crmErrors as bullets.
import { useFormContext } from 'remix-validated-form'
import { FormAlert } from '#app/components/form-parts'
import { CrmErrorList } from './crm-error-list'

export { CrmErrorList, type CrmErrorJson } from './crm-error-list'

/**
 * A ValidatedForm's failure of the whole save: `_form` carries the message, `_crm.<field>` the CRM's
 * field errors (so a no-JS post shows them too); listed as bullets when there are any.
 */
export function CrmFormError() {
  const { fieldErrors } = useFormContext()
  const crmErrors = Object.fromEntries(
    Object.entries(fieldErrors)
      .filter(([k]) => k.startsWith('_crm.'))
      .map(([k, v]) => [k.slice(5), v]),
  )
  const message = fieldErrors._form
  if (!message && !Object.keys(crmErrors).length) return null
  return (
    <FormAlert>
      <CrmErrorList error={{ message: message ?? '', crmErrors: Object.keys(crmErrors).length ? crmErrors : null }} />
    </FormAlert>
  )
}

/** The CRM flags a plan enables, as the form's checkboxes (hidden empty value: "none ticked" is still said). */
export { CRM_PERMISSIONS } from '#app/models/client-packages.schema'
