// /notifications: the person's notifications, newest first. With JavaScript the list grows as it scrolls
// (GET /api/notifications); without, 'Load more' (?page=n) renders pages 1..n. 'Mark all as seen', a
// single 'Mark as seen' per unread one, 'No Notifications' when there are none; new ones arrive live.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useNavigation, useRouteError } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { fetchNotifications } from '#app/components/notifications/notifications-api'
import { useLiveNotifications } from '#app/components/notifications/use-live-notifications'
import { PageHeader } from '#app/components/page'
import { ErrorPage, RouteErrorContent } from '#app/components/error-screens'
import { notificationsQuerySchema } from '#app/models/notifications.schema'
import { markSeen, notificationActions, type NotificationJson, type NotificationsPage } from '#app/models/notifications.server'
import { safeReturnPath } from '#app/rules/landing'
import {
  MARK_ALL_AS_SEEN,
  mergeNotifications,
  NO_NOTIFICATIONS,
  NOTIFICATION_NOT_FOUND,
  NOTIFICATIONS_LOAD_FAILED,
  NOTIFICATIONS_MAX_RENDERED_PAGES,
} from '#app/rules/notifications'
import { Alert } from '#app/ui/alert'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { cn } from '#app/ui/cn'
import { useHydrated } from '#app/ui/use-hydrated'
import { formatDate } from '#app/rules/format'
import { readForm } from '#app/services/form-request.server'
import { requireNotificationsReader } from './notifications-request.server'

const EMPTY: NotificationsPage = { notifications: [], hasMore: false, count: 0 }

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requireNotificationsReader(request)
  const params = new URL(request.url).searchParams
  const query = notificationsQuerySchema.safeParse({ page: params.get('page') ?? undefined })
  if (!query.success) throw data({ message: query.error.issues[0]?.message ?? NOTIFICATIONS_LOAD_FAILED }, { status: 400 })
  const page = query.data.page
  // Pages 1..page at once (what 'Load more' showed so far), at most the last MAX_RENDERED of them.
  const firstPage = Math.max(1, page - NOTIFICATIONS_MAX_RENDERED_PAGES + 1)
  const list = t ? await notificationActions.list(t, { page: firstPage, pages: page - firstPage + 1 }) : EMPTY
  return { ...list, page, firstPage }
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requireNotificationsReader(request)
  const form = await readForm(request)
  const back = safeReturnPath(String(form.get('redirectTo') ?? ''), `/notifications${new URL(request.url).search}`)
  switch (form.get('intent')) {
    case 'mark-all-seen':
      if (t) await notificationActions.clearAll(t)
      return redirect(back)
    case 'mark-seen': {
      const id = String(form.get('id') ?? '')
      if (!t || !id || !(await markSeen(t, id))) return data({ error: NOTIFICATION_NOT_FOUND }, { status: 404 })
      return redirect(back)
    }
    default:
      return data({ error: 'Unknown action' }, { status: 400 })
  }
}

/** Every notification once: the loader's (fresh seen states) and the pages fetched while scrolling. */
function useNotificationList(loaded: ReturnType<typeof useLoaderData<typeof loader>>) {
  const [extra, setExtra] = useState<{ items: NotificationJson[]; nextPage: number; hasMore: boolean }>({ items: [], nextPage: loaded.page + 1, hasMore: loaded.hasMore })
  const [live, setLive] = useState<NotificationJson[]>([])
  // The loader ran again (a post, a navigation): its pages are the truth; older fetched ones stay,
  // seen if nothing is unread any more.
  useEffect(() => {
    setLive([])
    setExtra((e) => ({
      items: loaded.count === 0 ? e.items.map((n) => ({ ...n, seen: true })) : e.items,
      nextPage: Math.max(e.nextPage, loaded.page + 1),
      hasMore: e.items.length ? e.hasMore : loaded.hasMore,
    }))
  }, [loaded])
  useLiveNotifications({ onNotification: (n) => setLive((l) => mergeNotifications(l, [n])) })
  // The loader's copies win: they carry the seen states as they are now.
  const items = mergeNotifications([...live, ...extra.items], loaded.notifications)
  return { items, extra, setExtra }
}

export default function NotificationsRoute() {
  const loaded = useLoaderData<typeof loader>()
  const failed = useActionData<typeof action>()
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const { items, extra, setExtra } = useNotificationList(loaded)
  const [loadError, setLoadError] = useState<string | null>(null)
  const loading = useRef(false)
  const sentinel = useRef<HTMLDivElement>(null)
  const busy = navigation.state !== 'idle'

  async function loadMore() {
    if (loading.current || !extra.hasMore) return
    loading.current = true
    const res = await fetchNotifications(extra.nextPage)
    loading.current = false
    if (!res.ok) return setLoadError(res.error)
    setLoadError(null)
    setExtra((e) => ({ items: mergeNotifications(e.items, res.notifications), nextPage: e.nextPage + 1, hasMore: res.hasMore }))
  }

  // Infinite scroll: the next page when the end of the list comes into view.
  const more = useRef(loadMore)
  more.current = loadMore
  useEffect(() => {
    const el = sentinel.current
    if (!el || !extra.hasMore || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void more.current(), { rootMargin: '200px' })
    observer.observe(el)
    return () => observer.disconnect()
  }, [extra.hasMore, extra.nextPage])

  const unread = items.some((n) => !n.seen)
  return (
    <div className="space-y-6">
      <PageHeader title="Notifications">
        {items.length > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="mark-all-seen" />
            <button type="submit" className={buttonClass('secondary')} disabled={busy || !unread}>
              {MARK_ALL_AS_SEEN}
            </button>
          </Form>
        ) : null}
      </PageHeader>
      {failed?.error ? <Alert tone="danger">{failed.error}</Alert> : null}
      <Card>
        {items.length === 0 ? (
          <p className="py-6 text-center text-sm text-gray-500">{NO_NOTIFICATIONS}</p>
        ) : (
          <ol className="divide-y divide-gray-100" aria-label="Notifications" data-testid="notifications-list">
            {loaded.firstPage > 1 ? (
              <li className="py-2 text-sm">
                <Link to="/notifications" className="font-medium text-brand-600 hover:underline">
                  Newest notifications
                </Link>
              </li>
            ) : null}
            {items.map((n) => (
              <li key={n._id} className="flex items-start gap-3 py-3" data-seen={n.seen ? 'true' : 'false'}>
                <span aria-hidden className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.seen ? 'bg-transparent' : 'bg-brand-600')} />
                <div className="min-w-0 flex-1">
                  {n.link ? (
                    <Link to={n.link} className={cn('text-sm break-words hover:text-brand-700', n.seen ? 'text-gray-700' : 'font-medium text-gray-900')}>
                      {n.contant}
                    </Link>
                  ) : (
                    <p className={cn('text-sm break-words', n.seen ? 'text-gray-700' : 'font-medium text-gray-900')}>{n.contant}</p>
                  )}
                  <p className="text-xs text-gray-500">
                    {n.data.senderName ? `${n.data.senderName} · ` : ''}
                    <time dateTime={n.createdAt}>{formatDate(n.createdAt, 'dateTime')}</time>
                    {n.seen ? null : <span className="sr-only"> (unread)</span>}
                  </p>
                </div>
                {n.seen ? null : (
                  <Form method="post" className="shrink-0">
                    <input type="hidden" name="intent" value="mark-seen" />
                    <input type="hidden" name="id" value={n._id} />
                    <button type="submit" className="text-xs font-medium text-brand-600 hover:underline" aria-label={`Mark as seen: ${n.contant}`}>
                      Mark as seen
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ol>
        )}
        {loadError ? (
          <Alert tone="danger" className="mt-3">
            {loadError}
          </Alert>
        ) : null}
        {extra.hasMore ? (
          <div ref={sentinel} className="pt-3 text-center">
            {/* Without JavaScript the link shows one page more; with it, scrolling (or this) fetches the next page in place. */}
            <Link
              to={`/notifications?page=${extra.nextPage}`}
              preventScrollReset
              onClick={(e) => {
                if (!hydrated) return
                e.preventDefault()
                void loadMore()
              }}
              className="text-sm font-medium text-brand-600 hover:underline"
            >
              Load more
            </Link>
          </div>
        ) : null}
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Notifications | Draftdesk' }]

// Back-office section 8: the page failing to load says 'Unexpected Error!!'; a 4xx (a bad ?page) says why.
export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error)) return <RouteErrorContent />
  return <ErrorPage status={500} message={NOTIFICATIONS_LOAD_FAILED} />
}
