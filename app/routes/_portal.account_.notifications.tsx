// /account/notifications on an organisation's host (issue 25, ADR 0063; /notifications is the back office's): the customer's notifications, newest first,
// each marked seen when opened here or all at once. Plain forms, so it works without JavaScript.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { customerNotifications, customerRecipient } from '#app/models/customer-notifications.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { safeReturnPath } from '#app/rules/landing'
import { NOTIFICATION_NOT_FOUND } from '#app/rules/notifications'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { formatDate } from '#app/rules/format'

const MAX_PAGES = 20
export const NOTIFICATIONS_PAGE = '/account/notifications'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const pages = Math.min(MAX_PAGES, Math.max(1, Number(new URL(request.url).searchParams.get('pages')) || 1))
  const page = await customerNotifications.list(customerRecipient(t, customer), { page: 1, pages })
  return { ...page, pages }
}

export async function action({ request }: ActionFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const form = await request.formData()
  const me = customerRecipient(t, customer)
  if (form.get('intent') === 'all') {
    await customerNotifications.clearAll(me)
    return redirect(NOTIFICATIONS_PAGE)
  }
  const id = String(form.get('id') ?? '')
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id) || !(await customerNotifications.clearOne(me, id))) return data({ error: NOTIFICATION_NOT_FOUND }, { status: 404 })
  // Opening one goes where it points (a portal page), seen.
  // A path on this host only (never `//elsewhere` or a backslash path): the field comes from the browser.
  return redirect(safeReturnPath(String(form.get('next') ?? ''), NOTIFICATIONS_PAGE))
}

export default function NotificationsRoute() {
  const { notifications, count, hasMore, pages } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-gray-900">Notifications</h1>
        {count > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="all" />
            <button type="submit" className={buttonClass('secondary')}>
              Mark all as seen
            </button>
          </Form>
        ) : null}
      </div>
      <p className="text-sm text-gray-700" data-testid="unread-summary">
        {count === 0 ? 'You are all caught up.' : `${count} unread`}
      </p>
      <Card>
        {notifications.length === 0 ? (
          <p className="text-sm text-gray-700">No notifications yet.</p>
        ) : (
          <ul className="divide-y divide-gray-200">
            {notifications.map((n) => (
              <li key={n._id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="notification">
                <div className="min-w-0 flex-1 text-sm">
                  <p className={n.seen ? 'text-gray-700' : 'font-semibold text-gray-900'}>
                    {n.seen ? null : <span className="sr-only">Unread: </span>}
                    {n.contant}
                  </p>
                  <p className="text-xs text-gray-700">{formatDate(n.createdAt)}</p>
                </div>
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="id" value={n._id} />
                  {n.link ? <input type="hidden" name="next" value={n.link} /> : null}
                  <button type="submit" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline">
                    {n.link ? 'Open' : n.seen ? 'Seen' : 'Mark as seen'}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {hasMore ? (
        <p>
          <Link to={`${NOTIFICATIONS_PAGE}?pages=${pages + 1}`} className="text-sm font-medium text-brand-700 underline">
            Show more
          </Link>
        </p>
      ) : null}
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Notifications' }]
