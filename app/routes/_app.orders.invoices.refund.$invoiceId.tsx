// /orders/invoices/refund/{invoiceId}: the Refund dialog over the invoices (a page section without JavaScript).
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { validationError, ValidatedForm } from 'remix-validated-form'
import { FormAlert, SubmitButton, TextField } from '#app/components/forms'
import { INVOICE_NOT_FOUND, REFUND_REFUSED, REFUND_WARNING, REFUNDED, refundFormValidator } from '#app/models/order-invoices.schema'
import { getInvoiceJson, invoiceActions, REFUND_AUDIT } from '#app/models/order-invoices.server'
import { formatMoney } from '#app/rules/money'
import { canRefund, refundBounds } from '#app/rules/refund'
import { requireAuditedPermission, requirePermission } from '#app/models/auth-guards.server'
import { redirectWithToast } from '#app/services/flash.server'
import { ButtonLink } from '#app/ui/button'
import { PanelDialog } from '#app/ui/panel-dialog'
import { notFound } from '#app/services/http.server'
import { readForm } from '#app/services/form-request.server'

const GUARD = { all: ['READ_ORDERS_INVOICES', 'UPDATE_ORDERS_INVOICES'] }

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await requirePermission(request, GUARD)
  const invoice = await getInvoiceJson(t, params.invoiceId ?? '')
  if (!invoice) throw notFound(INVOICE_NOT_FOUND)
  const providerPaidCents = Math.round(invoice.providerPaidPrice * 100)
  const refundable = canRefund({ status: invoice.status, providerPaidCents })
  return { invoice, refundable, bounds: refundBounds(providerPaidCents) }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const t = await requireAuditedPermission(request, GUARD, REFUND_AUDIT)
  const result = await refundFormValidator.validate(await readForm(request))
  if (result.error) return validationError(result.error, result.submittedData)
  const outcome = await invoiceActions.refund(t, request, params.invoiceId ?? '', result.data.amount)
  if (outcome.ok) return redirectWithToast(request, `/orders/invoices${new URL(request.url).search}`, REFUNDED)
  if (outcome.status === 404) throw notFound(INVOICE_NOT_FOUND)
  // The amount's bounds belong under the amount; a refused state (already refunded) above the form.
  return validationError({ fieldErrors: { [outcome.field ?? 'form']: outcome.error } }, result.submittedData)
}

export default function RefundInvoiceRoute() {
  const { invoice, refundable, bounds } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as { fieldErrors?: Record<string, string>; repopulateFields?: Record<string, unknown> } | undefined
  const { search } = useLocation()
  const closeTo = `/orders/invoices${search}`
  const amount = actionData?.repopulateFields?.amount ?? String(bounds.default)
  const customer = invoice.customer ? `${invoice.customer.firstName} ${invoice.customer.lastName}` : ''
  return (
    <PanelDialog title="Refund" closeTo={closeTo}>
      <div className="space-y-4">
        <p className="text-sm text-gray-700">
          {invoice.packageName}
          {customer ? ` for ${customer}` : ''}: paid {formatMoney(invoice.providerPaidPrice, invoice.invoiceCurrency)} through the payment provider.
        </p>
        {refundable ? (
          <ValidatedForm
            method="post"
            validator={refundFormValidator}
            defaultValues={{ amount: String(amount) } as never /* the field holds the typed text, the schema's output is a number */}
            className="space-y-4"
          >
            <FormAlert>{actionData?.fieldErrors?.form}</FormAlert>
            <TextField name="amount" label="Refund Amount" inputMode="decimal" autoComplete="off" />
            <p className="text-xs text-gray-500">
              Between {formatMoney(bounds.min, invoice.invoiceCurrency)} and {formatMoney(bounds.max, invoice.invoiceCurrency)}.
            </p>
            <p role="note" className="text-sm font-medium text-red-700">
              {REFUND_WARNING}
            </p>
            <div className="flex gap-3">
              <div className="w-32">
                <SubmitButton>Refund</SubmitButton>
              </div>
              <ButtonLink to={closeTo} variant="secondary" preventScrollReset>
                Cancel
              </ButtonLink>
            </div>
          </ValidatedForm>
        ) : (
          <FormAlert>{REFUND_REFUSED}</FormAlert>
        )}
      </div>
    </PanelDialog>
  )
}

export const meta: MetaFunction = () => [{ title: 'Refund | Order Invoices | Draftdesk' }]
