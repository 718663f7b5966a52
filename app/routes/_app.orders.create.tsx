// /orders/create: Create Order (customer, product, price override, Mark As Paid / Create Invoice), then /orders/invoices.
// ?customer={customerId} preselects a customer (the customer-create dialog's 'Yes'); ?q= narrows the list without JavaScript.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { CreateOrderForm, EMPTY_ORDER, valuesFromPost } from '#app/components/orders/create-order-form'
import type { CustomerChoice } from '#app/components/orders/create-order-customer-picker'
import { PageHeader } from '#app/components/page'
import { findCustomer, listCustomers } from '#app/models/customers.server'
import { ORDER_CREATED, orderCreateValidator } from '#app/models/order-create.schema'
import { orderCreateActions } from '#app/models/order-create.server'
import { listActiveProducts } from '#app/models/products.server'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { Alert } from '#app/ui/alert'
import { readForm } from '#app/services/form-request.server'

/** Customers offered before any search (the combobox searches the API for the rest). */
const CUSTOMER_CHOICES = 50

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/orders/create'))
  const url = new URL(request.url)
  const search = (url.searchParams.get('q') ?? '').trim().slice(0, 100)
  const wanted = (url.searchParams.get('customer') ?? '').trim().slice(0, 64)
  const [{ rows }, preselected, products, { toast, headers }] = await Promise.all([
    listCustomers(t, { active: true, search, sort: 'name', dir: 'asc', start: 0, size: CUSTOMER_CHOICES }),
    wanted ? findCustomer(t, wanted) : Promise.resolve(undefined),
    listActiveProducts(t),
    takeToast(request),
  ])
  const choice = (c: { publicId: string; firstName: string; lastName: string; email: string }): CustomerChoice => ({
    _id: c.publicId,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
  })
  const customers = rows.map(choice)
  const selected = preselected && !preselected.archived ? choice(preselected) : null
  if (selected && !customers.some((c) => c._id === selected._id)) customers.unshift(selected)
  return data(
    {
      customers,
      selectedCustomerId: selected?._id ?? '',
      products: products.map((p) => ({ _id: p._id, packageName: p.packageName, packagePrice: p.packagePrice })),
      currency: t.user.currencyType,
      search,
      toast,
    },
    { headers },
  )
}

type ActionData = { formError: string; values: Record<string, unknown> }

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/orders/create'))
  const result = await orderCreateValidator.validate(await readForm(request))
  if (result.error) return validationError(result.error, result.submittedData)
  const outcome = await orderCreateActions.create(t, request, result.data)
  if (!outcome.ok) return data<ActionData>({ formError: outcome.error, values: result.submittedData }, { status: outcome.status })
  // The spec goes on to the invoices; a member who cannot read them stays here with the message.
  return redirectWithToast(request, can(t.user, routeGuard('/orders/invoices')) ? '/orders/invoices' : '/orders/create', ORDER_CREATED)
}

export default function CreateOrderRoute() {
  const { customers, selectedCustomerId, products, currency, search, toast } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as
    (ActionData & { repopulateFields?: undefined }) | { fieldErrors: unknown; repopulateFields?: Record<string, unknown> } | undefined
  const posted = actionData ? ('values' in actionData ? actionData.values : actionData.repopulateFields) : undefined
  const values = valuesFromPost(posted, { ...EMPTY_ORDER, customer_id: selectedCustomerId })
  return (
    <div className="space-y-6">
      <PageHeader title="Create Order" crumbs={[{ to: '/orders/view', label: 'Orders' }]} />
      {toast ? <Alert tone="success">{toast}</Alert> : null}
      <CreateOrderForm
        key={JSON.stringify(values)}
        values={values}
        customers={customers}
        products={products}
        currency={currency}
        customerSearch={search}
        formError={actionData && 'formError' in actionData ? actionData.formError : null}
      />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Create Order | Draftdesk' }]
