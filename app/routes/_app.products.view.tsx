// /products/view: the products table ('Show Archived Products'), tags, and a settings dialog per product.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useLocation, useNavigate } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { z } from 'zod'
import { CopyLink } from '#app/components/products/copy-link'
import { ArchivedToggle, type Column, DataTable } from '#app/components/data-table'
import { SuccessDialog, SwitchForm, Tag } from '#app/components/workflows/list-ui'
import { NotTakingOrdersNotice } from '#app/components/not-taking-orders'
import { getCartSettings } from '#app/models/cart-settings.server'
import { storefrontPayments } from '#app/models/storefront-payments.server'
import { takeToast } from '#app/services/flash.server'
import { tenantOrigin } from '#app/models/domains.server'
import { getProduct, listProducts, productActions, productLinks } from '#app/models/products.server'
import { listPageQuery } from '#app/models/workflows.schema'
import { PAGE_SIZE_OPTIONS } from '#app/models/workflows.names'
import { formatMoney } from '#app/rules/money'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { Alert } from '#app/ui/alert'
import { buttonClass } from '#app/ui/button'
import { readForm } from '#app/services/form-request.server'
import { canOpenPayouts } from './client-billing-request.server'
import { rowActionClass } from '#app/ui/row-actions'
import { PageHeader } from '#app/components/page'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/view'))
  const url = new URL(request.url)
  const { archived, page, size, search, table } = listPageQuery(url.searchParams)
  const { products, count } = await listProducts(t, { archived, page, size, search })
  const canUpdate = can(t.user, { all: ['UPDATE_PRODUCTS'] })
  // The settings dialog is a URL (?settings={id}), so it opens without JavaScript too.
  const settingsId = url.searchParams.get('settings')
  const selected = canUpdate && settingsId ? await getProduct(t, settingsId) : null
  // Checkout and cart links are public: they point at the organisation's portal (verified domain or
  // subdomain, from the database), never the request's Host.
  const [host, { redirectTo }, storefront] = await Promise.all([tenantOrigin(t), getCartSettings(t), storefrontPayments(t)])
  const { toast: flash, headers } = await takeToast(request)
  return data(
    {
      products: products.map((p) => ({
        _id: p._id,
        packageName: p.packageName,
        packagePrice: p.packagePrice,
        services: p.packageServicesArray.map((s) => s.serviceName),
        purchasable: p.purchasable,
        active: p.active,
        archived: p.archived,
      })),
      count,
      query: table,
      canCreate: can(t.user, { all: ['WRITE_PRODUCTS'] }),
      canUpdate,
      currency: t.user.currencyType ?? 'usd',
      selected: selected ? { ...selected, links: productLinks(host, selected._id, redirectTo || host) } : null,
      flash,
      // Why customers cannot buy these products yet; the payouts link only for the owner, who may set them up.
      notTakingOrders: storefront.takingOrders ? null : { reason: storefront.reason, payoutsLink: canOpenPayouts(t) },
    },
    { headers },
  )
}

// Built in the action (a function), so the page's browser code does not carry zod (ADR 0077).
const intentSchema = () =>
  z.object({
    intent: z.enum(['active', 'purchasable', 'archived']),
    id: z.string().min(1).max(64),
    value: z.enum(['true', 'false']),
  })

const MESSAGES = {
  active: (on: boolean) => (on ? 'Product is Activated!' : 'Product is Deactivated!'),
  purchasable: () => 'Changed Successfully!',
  archived: () => 'Saved Successfully!',
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, { all: ['UPDATE_PRODUCTS'] })
  const parsed = intentSchema().safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) return data({ message: null, error: 'unexpected error' }, { status: 400 })
  const on = parsed.data.value === 'true'
  const product = await productActions.setFlag(t, request, parsed.data.id, parsed.data.intent, on)
  if (!product) return data({ message: null, error: 'Product not found' }, { status: 404 })
  return { message: MESSAGES[parsed.data.intent](on), error: null, intent: parsed.data.intent, at: Date.now() }
}

export default function ProductsRoute() {
  const { products, count, query, canCreate, canUpdate, currency, selected, flash, notTakingOrders } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const location = useLocation()
  const navigate = useNavigate()
  const closeParams = new URLSearchParams(location.search)
  closeParams.delete('settings')
  const closeHref = `${location.pathname}${closeParams.size ? `?${closeParams}` : ''}`
  const settingsHref = (id: string) => {
    const params = new URLSearchParams(location.search)
    params.set('settings', id)
    return `${location.pathname}?${params}`
  }
  // Escape closes the settings dialog, like its Close link.
  useEffect(() => {
    if (!selected) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') navigate(closeHref, { preventScrollReset: true })
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [selected, closeHref, navigate])
  type Row = (typeof products)[number]
  const columns: Column<Row>[] = [
    { key: 'n', header: '#', cell: (_, i) => i + 1, className: 'w-12 text-gray-500' },
    {
      key: 'name',
      header: 'Name',
      cell: (p) => (
        <>
          <span className="font-medium text-gray-900">{p.packageName}</span> {p.archived ? <Tag>Archived</Tag> : null} {!p.active ? <Tag tone="amber">Deactivated</Tag> : null}
        </>
      ),
    },
    { key: 'price', header: 'Price', cell: (p) => formatMoney(p.packagePrice, currency) },
    { key: 'workflows', header: 'Workflows', cell: (p) => p.services.join(', ') },
    { key: 'purchasable', header: 'Purchasable', cell: (p) => (p.purchasable ? 'Yes' : 'No') },
  ]
  if (canUpdate) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      cell: (p) => (
        <Link to={settingsHref(p._id)} preventScrollReset className={rowActionClass()} aria-label={`Settings for ${p.packageName}`}>
          Settings
        </Link>
      ),
    })
  }
  return (
    <div className="space-y-6">
      <SuccessDialog message={flash} />
      <Toast
        message={actionData?.message ?? null}
        ms={actionData && 'intent' in actionData && actionData.intent === 'purchasable' ? 1000 : 2000}
        stamp={actionData && 'at' in actionData ? actionData.at : 0}
      />
      <PageHeader title="Products" create={canCreate ? { to: '/products/create', thing: 'Product' } : null} />
      {notTakingOrders ? <NotTakingOrdersNotice reason={notTakingOrders.reason} payoutsLink={notTakingOrders.payoutsLink} /> : null}
      {actionData?.error ? <Alert tone="danger">{actionData.error}</Alert> : null}
      <DataTable
        label="Products"
        columns={columns}
        rows={products}
        rowKey={(p) => p._id}
        total={count}
        query={query}
        sizes={PAGE_SIZE_OPTIONS}
        searchParam="search"
        searchPlaceholder="Product name"
        toolbar={<ArchivedToggle label="Show Archived Products" />}
      />
      {selected ? (
        <div className="fixed inset-0 z-30 flex items-start justify-center overflow-y-auto bg-black/30 p-4 pt-16">
          <div role="dialog" aria-modal="true" aria-labelledby="product-settings-title" className="w-full max-w-lg space-y-5 rounded-lg bg-white p-6 shadow-xl">
            <div className="flex items-start justify-between gap-4">
              <h2 id="product-settings-title" className="text-lg font-semibold text-gray-900">
                {selected.packageName} settings
              </h2>
              <Link to={closeHref} preventScrollReset aria-label="Close" className="text-gray-500 hover:text-gray-900">
                ✕
              </Link>
            </div>
            <div className="flex flex-col gap-3">
              <SwitchForm label="Active" on={selected.active} intent="active" id={selected._id} />
              <SwitchForm label="Purchasable" on={selected.purchasable} intent="purchasable" id={selected._id} />
              <SwitchForm label="Archived" on={selected.archived} intent="archived" id={selected._id} />
            </div>
            <CopyLink label="Checkout Link" value={selected.links.checkout} />
            <CopyLink label="Add to Cart Link" value={selected.links.addToCart} />
            <div className="flex justify-end gap-3">
              <Link to={closeHref} preventScrollReset className={buttonClass('secondary')}>
                Close
              </Link>
              <Link to={`/products/update/${selected._id}`} className={buttonClass('primary')}>
                Edit
              </Link>
            </div>
          </div>
        </div>
      ) : null}
    </div>
  )
}

/** A short status message; with JavaScript it disappears after `ms`. */
function Toast({ message, ms, stamp }: { message: string | null; ms: number; stamp: number }) {
  const [shown, setShown] = useState(message)
  useEffect(() => {
    setShown(message)
    if (!message) return
    const timer = setTimeout(() => setShown(null), ms)
    return () => clearTimeout(timer)
  }, [message, ms, stamp])
  if (!shown) return null
  return (
    <div role="status" className="fixed right-6 top-20 z-50 rounded-md bg-green-50 px-4 py-3 text-sm font-medium text-green-800 shadow ring-1 ring-green-200">
      {shown}
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Products | Draftdesk' }]
