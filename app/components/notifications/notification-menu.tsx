// The top bar's notification dropdown (230px): the unread badge from the layout, the unread list fetched
// when it opens, single clear, 'Mark all as seen', live pushes, and a link to /notifications.
// Without JavaScript it shows the count, a 'Mark all as seen' form and the link.
import { Form, Link, useLocation, useRevalidator } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Icon } from '#app/components/shell/icons'
import { type Language, t } from '#app/i18n/index'
import type { NotificationJson } from '#app/models/notifications.server'
import { badgeLabel, mergeNotifications } from '#app/rules/notifications'
import { PopoverMenu, useCloseMenu } from '#app/ui/menu'
import { useHydrated } from '#app/ui/use-hydrated'
import { formatDate } from '#app/rules/format'
import { clearAllNotifications, clearNotification, fetchNotifications } from './notifications-api'
import { useLiveNotifications } from './use-live-notifications'

type MenuState = { items: NotificationJson[] | null; error: string | null; loading: boolean }

export function NotificationMenu({ unread, lang, redirectTo }: { unread: number; lang: Language; redirectTo: string }) {
  const [count, setCount] = useState(unread)
  const [state, setState] = useState<MenuState>({ items: null, error: null, loading: false })
  const revalidator = useRevalidator()
  const { pathname } = useLocation()
  // The layout's count is the truth whenever it is read again (after any form post or navigation).
  useEffect(() => setCount(unread), [unread])

  const load = useCallback(async () => {
    setState((s) => ({ ...s, loading: true, error: null }))
    const res = await fetchNotifications(1, { unread: true })
    if (!res.ok) return setState((s) => ({ ...s, loading: false, error: res.error }))
    setCount(res.count)
    setState({ items: res.notifications, error: null, loading: false })
  }, [])

  const open = useRef(false)
  // A push delivered twice (a retry, or two sockets of this tab) counts once.
  const heard = useRef(new Set<string>())
  useLiveNotifications({
    onNotification: (n) => {
      if (heard.current.has(n._id)) return
      heard.current.add(n._id)
      setCount((c) => c + 1)
      setState((s) => (s.items ? { ...s, items: mergeNotifications(s.items, [n]) } : s))
    },
    onReconnect: () => {
      if (open.current) void load()
      else void fetchNotifications(1, { unread: true }).then((res) => res.ok && setCount(res.count))
    },
  })

  // The /notifications page shows seen states too: it reads them again after a clear made here.
  const refreshPage = () => pathname === '/notifications' && revalidator.revalidate()

  async function clearOne(id: string) {
    const before = state.items
    setState((s) => ({ ...s, error: null, items: s.items?.filter((n) => n._id !== id) ?? null }))
    const res = await clearNotification(id)
    if (!res.ok) return setState((s) => ({ ...s, items: before, error: res.error }))
    setCount(res.count)
    refreshPage()
  }

  async function clearAll() {
    const res = await clearAllNotifications({ unread: true })
    if (!res.ok) return setState((s) => ({ ...s, error: res.error }))
    setCount(res.count)
    setState({ items: res.notifications, error: null, loading: false })
    refreshPage()
  }

  const badge = badgeLabel(count)
  // The badge's number is visible text, so the name carries it outside parentheses (axe leaves out a
  // parenthetical when it checks that the name contains what is seen, WCAG 2.5.3).
  const label = count > 0 ? `${t(lang, 'top.notifications')}, ${t(lang, 'top.unreadNotifications', { count: badge })}` : t(lang, 'top.notifications')
  return (
    <PopoverMenu
      label={label}
      width="w-[230px]"
      button={
        <span className="relative inline-flex">
          <Icon name="bell" className="size-6" />
          {badge ? (
            <span
              data-testid="notification-badge"
              aria-hidden
              className="absolute -top-1.5 -right-1.5 min-w-[1.125rem] rounded-full bg-red-600 px-1 text-center text-[10px] leading-[1.125rem] font-semibold text-white"
            >
              {badge}
            </span>
          ) : null}
        </span>
      }
    >
      <NotificationPanel
        lang={lang}
        count={count}
        state={state}
        redirectTo={redirectTo}
        onOpen={() => {
          open.current = true
          void load()
          return () => {
            open.current = false
          }
        }}
        onClearOne={clearOne}
        onClearAll={clearAll}
      />
    </PopoverMenu>
  )
}

type PanelProps = {
  lang: Language
  count: number
  state: MenuState
  redirectTo: string
  onOpen: () => () => void
  onClearOne: (id: string) => void
  onClearAll: () => void
}

/** Mounted while the dropdown is open (Headless UI unmounts a closed panel), so opening it loads the list. */
function NotificationPanel({ lang, count, state, redirectTo, onOpen, onClearOne, onClearAll }: PanelProps) {
  const hydrated = useHydrated()
  // Headless UI's close (its CloseButton's), given by the popover once it has loaded (ADR 0077).
  const close = useCloseMenu()
  const opened = useRef(onOpen)
  useEffect(() => (hydrated ? opened.current() : undefined), [hydrated])
  const heading = <p className="text-xs font-semibold tracking-wide text-gray-500 uppercase">{t(lang, 'top.notifications')}</p>
  const viewAll = 'block border-t border-gray-100 px-4 py-2 text-center text-sm font-medium text-brand-600 hover:bg-gray-50'

  if (!hydrated) {
    return (
      <div data-testid="notification-panel">
        <div className="px-4 py-2">{heading}</div>
        {count === 0 ? (
          <p className="px-4 py-3 text-sm text-gray-600">{t(lang, 'top.noNotifications')}</p>
        ) : (
          <Form method="post" action="/notifications" className="flex items-center justify-between gap-2 px-4 py-2">
            <span className="text-sm text-gray-700">{t(lang, 'top.unreadNotifications', { count: badgeLabel(count) })}</span>
            <input type="hidden" name="intent" value="mark-all-seen" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button type="submit" className="text-xs font-medium text-brand-600 hover:underline">
              {t(lang, 'top.markAllSeen')}
            </button>
          </Form>
        )}
        <Link to="/notifications" className={viewAll}>
          {t(lang, 'top.viewAllNotifications')}
        </Link>
      </div>
    )
  }

  const items = state.items ?? []
  return (
    <div data-testid="notification-panel">
      <div className="flex items-center justify-between gap-2 px-4 py-2">
        {heading}
        {items.length > 0 ? (
          <button type="button" onClick={onClearAll} className="text-xs font-medium text-brand-600 hover:underline">
            {t(lang, 'top.markAllSeen')}
          </button>
        ) : null}
      </div>
      {state.error ? (
        <p role="alert" className="px-4 py-2 text-sm text-red-700">
          {state.error}
        </p>
      ) : null}
      {state.items === null ? (
        <p className="px-4 py-3 text-sm text-gray-500">…</p>
      ) : items.length === 0 ? (
        <p className="px-4 py-3 text-sm text-gray-600">{t(lang, 'top.noNotifications')}</p>
      ) : (
        // The notifications' own texts are English, inside the translated top bar.
        <ul lang="en" className="max-h-80 overflow-y-auto" aria-label={t(lang, 'top.notifications')}>
          {items.map((n) => (
            <li key={n._id} className="flex items-start gap-1 border-t border-gray-100 px-3 py-2 first:border-t-0">
              <div className="min-w-0 flex-1">
                {n.link ? (
                  <Link
                    to={n.link}
                    onClick={() => {
                      onClearOne(n._id)
                      close()
                    }}
                    className="block text-sm break-words text-gray-800 hover:text-brand-700"
                  >
                    {n.contant}
                  </Link>
                ) : (
                  <p className="text-sm break-words text-gray-800">{n.contant}</p>
                )}
                <time dateTime={n.createdAt} className="text-xs text-gray-500">
                  {formatDate(n.createdAt, 'dateTime')}
                </time>
              </div>
              <button
                type="button"
                onClick={() => onClearOne(n._id)}
                aria-label={`${t(lang, 'top.clearNotification')}: ${n.contant}`}
                title={t(lang, 'top.clearNotification')}
                className="shrink-0 rounded p-0.5 text-gray-400 hover:bg-gray-100 hover:text-gray-700"
              >
                <span aria-hidden>×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Link to="/notifications" onClick={close} className={viewAll}>
        {t(lang, 'top.viewAllNotifications')}
      </Link>
    </div>
  )
}
