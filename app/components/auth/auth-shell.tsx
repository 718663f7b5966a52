// The frame of the public sign-in pages: product name above a centered white card.
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { linkClass } from '#app/components/form-parts'

/** An organisation's own host (ADR 0044): its name or logo, an image, its links and its colours instead of ours. */
export type AuthBrand = {
  companyName: string
  logoUrl: string | null
  /** The login image on /login, the welcome image elsewhere. */
  imageUrl: string | null
  links: { label: string; href: string }[]
  theme: Record<string, string>
}

function BrandedShell({ brand, children }: { brand: AuthBrand; children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col" style={brand.theme as React.CSSProperties}>
      <main className="flex flex-1 flex-col items-center justify-center px-4 py-12">
        {brand.logoUrl ? (
          <img src={brand.logoUrl} alt={brand.companyName} className="mb-6 h-[50px] max-w-xs object-contain" />
        ) : (
          <p className="mb-6 text-3xl font-bold tracking-tight text-brand-600">{brand.companyName}</p>
        )}
        {brand.imageUrl ? <img src={brand.imageUrl} alt="" className="mb-6 max-h-[120px] max-w-full object-contain" /> : null}
        <div className="w-full max-w-md rounded-xl bg-white p-8 shadow-sm ring-1 ring-gray-200">{children}</div>
      </main>
      <footer className="portal-footer flex flex-wrap items-center justify-center gap-x-4 gap-y-1 px-4 py-4 text-sm" aria-label="Portal footer">
        <span>© {brand.companyName}</span>
        {brand.links.map((l) => (
          <a key={l.label} href={l.href} target="_blank" rel="noopener noreferrer" className="hover:underline">
            {l.label}
          </a>
        ))}
      </footer>
    </div>
  )
}

export function AuthShell({ children, brand }: { children: ReactNode; brand?: AuthBrand | null }) {
  if (brand) return <BrandedShell brand={brand}>{children}</BrandedShell>
  return (
    <main className="flex min-h-full flex-col items-center justify-center px-4 py-12">
      <p className="mb-6 text-3xl font-bold tracking-tight text-brand-600">Draftdesk</p>
      <div className="w-full max-w-md rounded-xl bg-white p-8 shadow-sm ring-1 ring-gray-200">{children}</div>
    </main>
  )
}

export function AuthHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="mb-6">
      <h1 className="text-xl font-semibold text-gray-900">{title}</h1>
      {subtitle ? <p className="mt-1 text-sm text-gray-600">{subtitle}</p> : null}
    </div>
  )
}

/** The way back to /login under every public page. */
export function LoginLink({ label = 'Back to login', className = 'mt-6' }: { label?: string; className?: string }) {
  return (
    <p className={`${className} text-center text-sm`}>
      <Link to="/login" className={linkClass}>
        {label}
      </Link>
    </p>
  )
}
