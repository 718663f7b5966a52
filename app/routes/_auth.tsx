// Pathless layout of the public sign-in pages: the product name over a centered card, or on an
// organisation's own host its name or logo, images, links and colours (ADR 0044).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { AuthShell } from '#app/components/auth/auth-shell'
import { portalBrand } from '#app/models/platform-domains.server'
import { hostClientId } from '#app/services/request-host.server'

const image = (key: string | null) => (key ? `/branding/${encodeURIComponent(key)}` : null)

export async function loader({ request }: LoaderFunctionArgs) {
  const clientId = hostClientId(request)
  const brand = clientId === null ? null : await portalBrand(clientId)
  if (!brand) return { brand: null }
  return {
    brand: {
      companyName: brand.companyName,
      logoUrl: image(brand.logo),
      loginImgUrl: image(brand.loginImg),
      welcomeImgUrl: image(brand.welcomeImg),
      links: brand.links,
      theme: brand.theme,
    },
  }
}

export default function AuthLayoutRoute() {
  const { brand } = useLoaderData<typeof loader>()
  const { pathname } = useLocation()
  const shown = brand ? { ...brand, imageUrl: pathname === '/login' ? brand.loginImgUrl : brand.welcomeImgUrl } : null
  return (
    <AuthShell brand={shown}>
      <Outlet />
    </AuthShell>
  )
}
