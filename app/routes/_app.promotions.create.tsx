// /promotions/create: a promotion code (mirrored to a provider coupon); back to /promotions/view on success.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ValidatedForm, validationError } from 'remix-validated-form'
import { PageHeader } from '#app/components/page'
import { ProviderError, RequestKeyField } from '#app/components/platform/billing-form'
import { SaveOrCancel, SelectField, TextField } from '#app/components/forms'
import { expiryBounds } from '#app/models/coupons.schema'
import { promotionActions } from '#app/models/promotions.server'
import { PROMOTION_CREATED, PROMOTION_FAILED, promotionValidator } from '#app/models/promotions.schema'
import { requirePlatform } from '#app/models/auth-guards.server'
import { redirectWithToast } from '#app/services/flash.server'
import { Card } from '#app/ui/card'
import { billingService, formRequestKey, newRequestKey } from '#app/services/billing-request.server'
import { readForm } from '#app/services/form-request.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, 'promotions')
  return { requestKey: newRequestKey(), bounds: expiryBounds() }
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requirePlatform(request, 'promotions')
  const form = await readForm(request)
  // Built per request on the server (today moves).
  const result = await promotionValidator().validate(form)
  if (result.error) return validationError(result.error, result.submittedData)
  const payments = billingService()
  if (!payments) return validationError({ fieldErrors: { _form: PROMOTION_FAILED } }, result.submittedData)
  const created = await promotionActions.create(actor, request, result.data, payments, formRequestKey(form))
  if (!created.ok) return validationError({ fieldErrors: { [created.field ?? '_form']: created.error } }, result.submittedData)
  return redirectWithToast(request, '/promotions/view', PROMOTION_CREATED)
}

// The browser's copy, from its own clock.
const clientValidator = promotionValidator()

export default function PromotionsCreateRoute() {
  const { requestKey, bounds } = useLoaderData<typeof loader>()
  return (
    <div className="max-w-xl space-y-6">
      <PageHeader title="Create Promotion" crumbs={[{ to: '/promotions/view', label: 'Promotions' }]} />
      <Card>
        <ValidatedForm
          method="post"
          validator={clientValidator}
          defaultValues={{ max_redemptions: 1, duration: 'once' } as never}
          // The spec's messages, not the browser's bubbles: the same rules run here (with JavaScript) and on the server.
          noValidate
          aria-label="Add promotion"
          // Months show only for a repeating promotion; CSS does it, so it works without JavaScript too.
          className="space-y-4 [&:has(select[name=duration]_option[value=repeating]:not(:checked))_.months]:hidden"
        >
          <ProviderError />
          <RequestKeyField value={requestKey} />
          <TextField name="couponCode" label="Coupon Code" autoComplete="off" maxLength={64} />
          <TextField name="max_redemptions" label="Max Redemptions" type="number" min={1} step={1} />
          <SelectField
            name="discount_type"
            label="Discount Type"
            placeholder="Select"
            options={[
              { value: 'percent', label: 'Percent (%)' },
              { value: 'flat', label: 'Flat amount (USD)' },
            ]}
          />
          <TextField name="value" label="Value" type="number" min={0.01} step="0.01" />
          <SelectField
            name="duration"
            label="Duration"
            options={[
              { value: 'once', label: 'Once' },
              { value: 'forever', label: 'Forever' },
              { value: 'repeating', label: 'Repeating' },
            ]}
          />
          <div className="months">
            <TextField name="duration_in_months" label="Duration In Months" type="number" min={1} max={36} step={1} />
          </div>
          <TextField name="redeem_by" label="Redeem By" type="date" min={bounds.min} max={bounds.max} />
          <SaveOrCancel label="Create Promotion" cancelTo="/promotions/view" />
        </ValidatedForm>
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Create Promotion | Draftdesk' }]
