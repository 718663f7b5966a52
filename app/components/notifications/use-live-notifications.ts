// Live notifications in the browser: calls back for each `notification` frame pushed to this person, and
// when the socket came back after a drop (pushes may have been missed meanwhile).
import { useEffect, useRef } from 'react'
import type { NotificationJson } from '#app/models/notifications.server'
import { onRealtime } from './realtime-client'

type Handlers = { onNotification: (notification: NotificationJson) => void; onReconnect?: () => void }

function isNotification(value: unknown): value is NotificationJson {
  const n = value as NotificationJson | null
  return !!n && typeof n === 'object' && typeof n._id === 'string' && typeof n.contant === 'string' && typeof n.createdAt === 'string'
}

export function useLiveNotifications(handlers: Handlers) {
  const latest = useRef(handlers)
  latest.current = handlers
  useEffect(
    () =>
      onRealtime((frame) => {
        if (frame.type === 'notification' && isNotification(frame.notification)) latest.current.onNotification(frame.notification)
        else if (frame.type === 'reconnected') latest.current.onReconnect?.()
      }),
    [],
  )
}
