// /packages/create: a subscription plan with every field of the spec; back to /packages/view on success.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ValidatedForm, validationError } from 'remix-validated-form'
import { PageHeader } from '#app/components/page'
import { ProviderError, RequestKeyField } from '#app/components/platform/billing-form'
import { CheckboxField, SaveOrCancel, SelectField, TextArea, TextField } from '#app/components/forms'
import { clientPackageActions } from '#app/models/client-packages.server'
import { CLIENT_PACKAGE_DEFAULTS, clientPackageValidator, CRM_PERMISSIONS, PACKAGE_CREATED, PACKAGE_FAILED } from '#app/models/client-packages.schema'
import { requirePlatform } from '#app/models/auth-guards.server'
import { redirectWithToast } from '#app/services/flash.server'
import { Card } from '#app/ui/card'
import { billingService, formRequestKey, newRequestKey } from '#app/services/billing-request.server'
import { readForm } from '#app/services/form-request.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, 'client_packages')
  return { requestKey: newRequestKey() }
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requirePlatform(request, 'client_packages')
  const form = await readForm(request)
  const result = await clientPackageValidator.validate(form)
  if (result.error) return validationError(result.error, result.submittedData)
  const payments = billingService()
  if (!payments) return validationError({ fieldErrors: { _form: PACKAGE_FAILED } }, result.submittedData)
  const created = await clientPackageActions.create(actor, request, result.data, payments, formRequestKey(form))
  if (!created.ok) return validationError({ fieldErrors: { [created.field ?? '_form']: created.error } }, result.submittedData)
  return redirectWithToast(request, '/packages/view', PACKAGE_CREATED)
}

export default function PackagesCreateRoute() {
  const { requestKey } = useLoaderData<typeof loader>()
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader title="Create Package" crumbs={[{ to: '/packages/view', label: 'Packages' }]} />
      <Card>
        <ValidatedForm
          method="post"
          validator={clientPackageValidator}
          defaultValues={CLIENT_PACKAGE_DEFAULTS as never}
          // The spec's messages, not the browser's bubbles: the same rules run here (with JavaScript) and on the server.
          noValidate
          aria-label="Add package"
          // Trial days show only for a trial plan; CSS does it, so it works without JavaScript too.
          className="space-y-5 [&:has(input[name=trialPackage]:not(:checked))_.trial-days]:hidden"
        >
          <ProviderError />
          <RequestKeyField value={requestKey} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="packageName" label="Package Name" autoComplete="off" maxLength={100} />
            <TextField name="maxUsers" label="Max Users" type="number" min={1} step={1} />
            <TextField name="price" label="Price (USD)" type="number" min={0} step="0.01" />
            <SelectField
              name="recurringInterval"
              label="Recurring Interval"
              placeholder="Select"
              options={[
                { value: 'month', label: 'Month' },
                { value: 'year', label: 'Year' },
              ]}
            />
            <div className="sm:col-span-2">
              <TextField name="priceId" label="Payment Provider Price Id" autoComplete="off" placeholder="price_..." maxLength={206} />
              <p className="mt-1 text-xs text-gray-500">Leave empty to create the product and price at the payment provider.</p>
            </div>
            <TextField name="maxCrmUsers" label="Max CRM Users" type="number" min={1} step={1} />
          </div>
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-medium text-gray-700">Options</legend>
            <CheckboxField name="trialPackage" label="Trial Package" />
            <div className="trial-days">
              <TextField name="trialDays" label="Trial Days" type="number" min={1} max={365} step={1} placeholder="14" />
            </div>
            <CheckboxField name="oneTimePay" label="One Time Pay" />
            <CheckboxField name="leadsPackage" label="Leads Package" />
            <CheckboxField name="usersUpgradePackage" label="Users Upgrade Package" description="Recurring interval required" />
          </fieldset>
          <TextArea name="description" label="Description" rows={3} maxLength={2000} />
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-gray-700">CRM User Permissions</legend>
            {/* Always posted, so clearing every box still says "these flags are off". */}
            <input type="hidden" name="crmUserPermissions" value="" />
            <div className="grid gap-2 sm:grid-cols-3">
              {CRM_PERMISSIONS.map((p) => (
                <CheckboxField key={p.key} name="crmUserPermissions" value={p.key} label={p.label} />
              ))}
            </div>
          </fieldset>
          <SaveOrCancel label="Add Package" cancelTo="/packages/view" />
        </ValidatedForm>
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Create Package | Draftdesk' }]
