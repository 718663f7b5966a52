// Answers of the orders-list dialogs' actions (Settings, Assign, Bulk): a refusal goes back to the form
// that posted with what was typed; a success returns to the list (or stays on the dialog) with a toast.
import { data } from '@remix-run/node'
import { validationError } from 'remix-validated-form'
import type { OrderActionError } from '#app/models/order-actions.server'
import { FORM_ERROR_FIELD } from '#app/models/order-actions.schema'
import { redirectWithToast } from '#app/services/flash.server'
import { ordersListHref } from '#app/components/orders/order-settings-links'

export const SAVED = 'Saved Successfully!'

/**
 * The message a dialog shows for a refused action: a rule the person can act on (400) as it is,
 * anything else as the spec's generic text for that kind of action.
 */
export function refusalMessage(result: OrderActionError, generic: string): string {
  return result.status === 400 ? result.error : generic
}

/** The refusal under the form `formId`, keeping the submitted values (a no-JS post shows them again). */
export function formRefusal(formId: string, message: string, submitted: Record<string, unknown>, status = 400) {
  return validationError({ fieldErrors: { [FORM_ERROR_FIELD]: message }, formId }, submitted, { status })
}

/** Success: back to the list with its query kept, and the message as the list's toast. */
export function backToList(request: Request, message = SAVED) {
  return redirectWithToast(request, ordersListHref(new URL(request.url).search), message)
}

/** Success that stays on the dialog (toggles and bulk flags show their new state). */
export function backToDialog(request: Request, message = SAVED) {
  const url = new URL(request.url)
  url.searchParams.delete('index')
  return redirectWithToast(request, `${url.pathname}${url.search}`, message)
}

export function unknownIntent() {
  return data({ error: 'Unknown action' }, { status: 400 })
}
