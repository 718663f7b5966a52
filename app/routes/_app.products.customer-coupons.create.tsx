// /products/customer-coupons/create: code, redemptions, discount type and value, expiry, optional product.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { ValidatedForm, validationError } from 'remix-validated-form'
import { CheckboxField, SelectField, SubmitButton, TextField } from '#app/components/forms'
import { PageHeader } from '#app/components/page'
import { redirectWithToast } from '#app/models/content-common.server'
import { couponValidator, expiryBounds } from '#app/models/coupons.schema'
import { couponActions, couponProductChoices } from '#app/models/coupons.server'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { Card } from '#app/ui/card'
import { useHydrated } from '#app/ui/use-hydrated'
import { readForm } from '#app/services/form-request.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/customer-coupons/create'))
  return { products: await couponProductChoices(t), bounds: expiryBounds() }
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, { all: ['WRITE_COUPONS'] })
  const result = await couponValidator().validate(await readForm(request))
  if (result.error) return validationError(result.error, result.submittedData)
  const created = await couponActions.create(t, request, result.data)
  if (!created.ok) return validationError({ fieldErrors: { [created.field]: created.error } }, result.submittedData)
  return redirectWithToast(request, '/products/customer-coupons/view', 'Saved Successfully!')
}

// Built per request on the server (today moves); the browser builds its own from its clock.
const clientValidator = couponValidator()

export default function CouponCreateRoute() {
  const { products, bounds } = useLoaderData<typeof loader>()
  const hydrated = useHydrated()
  const [apply, setApply] = useState(false)
  return (
    <div className="max-w-xl">
      <PageHeader title="Create Coupon" crumbs={[{ to: '/products/customer-coupons/view', label: 'Coupons' }]} />
      <Card>
        <ValidatedForm validator={clientValidator} method="post" defaultValues={{ max_redemptions: 1 }} className="space-y-4">
          <TextField name="couponCode" label="Coupon Code" maxLength={64} />
          <TextField name="max_redemptions" label="Max Redemptions" type="number" min={1} step={1} />
          <SelectField
            name="discount_type"
            label="Discount Type"
            placeholder="Select"
            options={[
              { value: 'percent', label: 'Percent (%)' },
              { value: 'flat', label: 'Flat amount' },
            ]}
          />
          <TextField name="value" label="Total Discount" type="number" min={1} step="any" />
          <TextField name="redeem_by" label="Expiration Date" type="date" min={bounds.min} max={bounds.max} />
          <CheckboxField name="isApplyToProducts" label="Apply to a product" onChange={(e) => setApply(e.currentTarget.checked)} />
          {/* Without JavaScript the select stays; the server only asks for it when the box is ticked. */}
          {!hydrated || apply ? (
            <SelectField name="selectedProductId" label="Product" placeholder="Select a product" options={products.map((p) => ({ value: p._id, label: p.packageName }))} />
          ) : null}
          <SubmitButton>Save</SubmitButton>
        </ValidatedForm>
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Create Coupon | Draftdesk' }]
