// Pathless layout of the customer portal on an organisation's own host (issue 24): the branded shell.
// On the platform host there is no portal: its children redirect or answer 404 themselves.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { PortalShell } from '#app/components/portal/portal-shell'
import { portalShell } from '#app/models/portal-shell.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return { shell: await portalShell(request) }
}

export default function PortalLayoutRoute() {
  const { shell } = useLoaderData<typeof loader>()
  if (!shell) return <Outlet />
  return (
    <PortalShell shell={shell}>
      <Outlet />
    </PortalShell>
  )
}
