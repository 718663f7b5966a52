// The frame of the public sign-in pages: product name above a centered white card.
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { linkClass } from '#app/components/forms'

export function AuthShell({ children }: { children: ReactNode }) {
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
