// /shop/{productId}: one product of the organisation's shop, with what it includes (issue 24).
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { NotTakingOrders, Price, shopButton, shopSecondaryButton } from '#app/components/portal/shop'
import { requirePortalHost } from '#app/models/portal-auth.server'
import { shopProduct } from '#app/models/storefront.server'
import { storefrontPayments } from '#app/models/storefront-payments.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  const [product, payments] = await Promise.all([shopProduct(t, params.productId ?? ''), storefrontPayments(t)])
  // Another organisation's product, a hidden or an inactive one: not found here.
  if (!product) throw data('This product is not available', { status: 404 })
  return { product, takingOrders: payments.takingOrders }
}

export default function ShopProductRoute() {
  const { product, takingOrders } = useLoaderData<typeof loader>()
  return (
    <article className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <p className="text-sm">
        <Link to="/" className="text-brand-700 hover:underline">
          All services
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-semibold text-gray-900">{product.name}</h1>
      <p className="mt-1 text-2xl font-bold text-gray-900">
        <Price cents={product.priceCents} currency={product.currency} />
      </p>
      {product.description ? <p className="mt-4 whitespace-pre-line text-gray-700">{product.description}</p> : null}
      {product.services.length || product.downloadables.length ? (
        <>
          <h2 className="mt-6 text-lg font-semibold text-gray-900">What is included</h2>
          <ul className="mt-2 list-inside list-disc text-gray-700">
            {product.services.map((s) => (
              <li key={s.name}>{s.name}</li>
            ))}
            {product.downloadables.map((d) => (
              <li key={d}>{d} (download after purchase)</li>
            ))}
          </ul>
        </>
      ) : null}
      {product.hasContract ? <p className="mt-4 text-sm text-gray-600">You will be asked to accept our service agreement at checkout.</p> : null}
      {takingOrders ? (
        <div className="mt-6 flex flex-wrap gap-3">
          <Form method="post" action="/cart">
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="productId" value={product._id} />
            <button type="submit" className={shopButton}>
              Add to cart
            </button>
          </Form>
          <Link to={`/checkout?item=${encodeURIComponent(product._id)}`} className={shopSecondaryButton}>
            Buy now
          </Link>
        </div>
      ) : (
        <NotTakingOrders />
      )}
    </article>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded ? loaded.product.name : 'Not found' }]
