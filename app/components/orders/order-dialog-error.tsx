// The error of an order dialog (settings, assign, bulk): the reason inside the same dialog, closing back to the list.
import { isRouteErrorResponse, useLocation, useRouteError } from '@remix-run/react'
import { ORDER_ACTION_FAILED } from '#app/models/order-actions.schema'
import { PanelDialog } from '#app/ui/panel-dialog'
import { ordersListHref } from './order-settings-links'

export function OrderDialogError({ title }: { title: string }) {
  const error = useRouteError()
  const location = useLocation()
  const message = isRouteErrorResponse(error) ? ((error.data as { message?: string })?.message ?? error.statusText) : ORDER_ACTION_FAILED
  return (
    <PanelDialog title={title} closeTo={ordersListHref(location.search)}>
      <p role="alert" className="text-sm text-red-700">
        {message}
      </p>
    </PanelDialog>
  )
}
