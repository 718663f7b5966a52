// The portal's log-in-as banner (ADR 0059): whose account is shown, who is really signed in, and the way back.
import { Form } from '@remix-run/react'

export function PortalImpersonationBanner({ customerName, actorName }: { customerName: string; actorName: string }) {
  return (
    <div role="status" className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-100 px-4 py-2 text-sm text-amber-900">
      <span>
        Signed in as {customerName} by {actorName}: their password and e-mail cannot be changed here.
      </span>
      <Form method="post" action="/account/return" reloadDocument>
        <button type="submit" className="font-semibold underline hover:no-underline">
          Back to the back office
        </button>
      </Form>
    </div>
  )
}
