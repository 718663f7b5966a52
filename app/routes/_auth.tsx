// Pathless layout of the public sign-in pages: the product name over a centered card.
import { Outlet } from '@remix-run/react'
import { AuthShell } from '#app/components/auth/auth-shell'

export default function AuthLayoutRoute() {
  return (
    <AuthShell>
      <Outlet />
    </AuthShell>
  )
}
