// The portal's notification entry (issue 25, ADR 0063): "Notifications" with the unread count, a link that
// works without JavaScript; with it, a pushed notification (the socket's `user:` channel) adds to the count.
import { NavLink } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { onRealtime } from '#app/components/notifications/realtime-client'
import { badgeLabel } from '#app/rules/notifications'

export function PortalBell({ unread, className }: { unread: number; className: (state: { isActive: boolean }) => string }) {
  const [count, setCount] = useState(unread)
  useEffect(() => setCount(unread), [unread])
  useEffect(() => onRealtime((frame) => (frame.type === 'notification' ? setCount((n) => n + 1) : undefined)), [])
  const badge = badgeLabel(count)
  return (
    <NavLink to="/account/notifications" className={className}>
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mr-1 size-4">
        <path d="M10 2a6 6 0 0 0-6 6v3.59l-1.7 1.7A1 1 0 0 0 3 15h14a1 1 0 0 0 .7-1.71L16 11.59V8a6 6 0 0 0-6-6Zm0 16a3 3 0 0 1-2.83-2h5.66A3 3 0 0 1 10 18Z" />
      </svg>
      Notifications
      {badge ? (
        <>
          {' '}
          <span className="ml-1 rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white" data-testid="bell-count">
            {badge}
          </span>
          {/* The name starts with what is shown (axe: label-content-name-mismatch), then says what the number is. */}
          <span className="sr-only"> unread</span>
        </>
      ) : null}
    </NavLink>
  )
}
