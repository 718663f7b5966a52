// /: on an organisation's own host, its shop (issue 24); on the platform host, each visitor is sent
// where they belong (login, the platform dashboard, or their landing page).
import { type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { NotTakingOrders, Price, shopButton, shopSecondaryButton } from '#app/components/portal/shop'
import { getOptionalUser } from '#app/models/auth-guards.server'
import { requirePortalHost } from '#app/models/portal-auth.server'
import { shopProducts } from '#app/models/storefront.server'
import { storefrontPayments } from '#app/models/storefront-payments.server'
import type { RouteHandle } from '#app/root'
import { landingPath } from '#app/rules/landing'
import { hostClientId } from '#app/services/request-host.server'

export async function loader({ request }: LoaderFunctionArgs) {
  if (hostClientId(request) === null) {
    const user = await getOptionalUser(request)
    if (!user) throw redirect('/login')
    if (user.role === 'superadmin') throw redirect('/dashboard')
    throw redirect(landingPath(user))
  }
  const t = requirePortalHost(request)
  const [products, payments] = await Promise.all([shopProducts(t), storefrontPayments(t)])
  return { products, takingOrders: payments.takingOrders }
}

/** Links and forms only: served without JavaScript, so the storefront loads none (issue 24's budget, ADR 0058). */
export const handle: RouteHandle = { hydrate: false }

export default function ShopRoute() {
  const { products, takingOrders } = useLoaderData<typeof loader>()
  return (
    <>
      <h1 className="text-2xl font-semibold text-gray-900">Our services</h1>
      {takingOrders ? null : <NotTakingOrders />}
      {products.length === 0 ? (
        <p className="mt-6 text-gray-700">No services are on offer right now. Please come back soon.</p>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((p) => (
            <li key={p._id} className="flex flex-col rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200">
              <h2 className="text-lg font-semibold text-gray-900">
                <Link to={`/shop/${p._id}`} className="hover:underline">
                  {p.name}
                </Link>
              </h2>
              <p className="mt-1 text-xl font-bold text-gray-900">
                <Price cents={p.priceCents} currency={p.currency} />
              </p>
              {p.description ? <p className="mt-2 line-clamp-3 text-sm text-gray-700">{p.description}</p> : null}
              {p.services.length ? (
                <>
                  <h3 className="mt-3 text-sm font-medium text-gray-900">Included</h3>
                  <ul className="mt-1 list-inside list-disc text-sm text-gray-700">
                    {p.services.map((s) => (
                      <li key={s.name}>{s.name}</li>
                    ))}
                    {p.downloadables.map((d) => (
                      <li key={d}>{d} (download)</li>
                    ))}
                  </ul>
                </>
              ) : null}
              <div className="mt-auto flex flex-wrap gap-2 pt-4">
                {takingOrders ? (
                  <Form method="post" action="/cart">
                    <input type="hidden" name="intent" value="add" />
                    <input type="hidden" name="productId" value={p._id} />
                    <button type="submit" className={shopButton}>
                      Add to cart<span className="sr-only"> {p.name}</span>
                    </button>
                  </Form>
                ) : null}
                <Link to={`/shop/${p._id}`} className={shopSecondaryButton}>
                  Details<span className="sr-only"> of {p.name}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => {
  const shell = (matches.find((m) => m.id === 'routes/_portal')?.data as { shell?: { companyName: string } | null } | undefined)?.shell
  return [{ title: shell ? shell.companyName : 'Draftdesk' }]
}
