// The browser's end of the chat socket: connect to /ws on our own host, subscribe 1 s after it opens,
// ping every 60 s and give up on the socket when no pong comes within 20 s, reconnect with backoff
// (the server sends the whole history again on each subscribe, so nothing missed while down is lost).
// While it is open it is the tab's only socket: the person's other live events (notifications) are
// handed on to their listeners (provideRealtime), so no second socket is kept.
import { useCallback, useEffect, useRef, useState } from 'react'
import { provideRealtime } from '#app/components/notifications/realtime-client'
import { CHAT_TIMINGS, CLOSE_SESSION_ENDED, reconnectDelay } from '#app/rules/chat'

export type SocketStatus = 'connecting' | 'open' | 'ended'
export type ServerEvent = { type: string } & Record<string, unknown>

/** Closed by us: no pong in time (4000 is an application code the browser may send). */
const CLOSE_NO_PONG = 4000

export function useChatSocket({ subscribe, onEvent }: { subscribe: Record<string, unknown> | null; onEvent: (event: ServerEvent) => void }) {
  const [status, setStatus] = useState<SocketStatus>('connecting')
  const socketRef = useRef<WebSocket | null>(null)
  const onEventRef = useRef(onEvent)
  onEventRef.current = onEvent
  const subscribeRef = useRef(subscribe)
  subscribeRef.current = subscribe
  /** Has the current socket sent its subscribe yet (a changed room is then subscribed at once). */
  const subscribedRef = useRef(false)

  useEffect(() => {
    let stopped = false
    let attempt = 0
    let everOpened = false
    const realtime = provideRealtime()
    let subscribeTimer: ReturnType<typeof setTimeout> | undefined
    let pingTimer: ReturnType<typeof setInterval> | undefined
    let pongTimer: ReturnType<typeof setTimeout> | undefined
    let retryTimer: ReturnType<typeof setTimeout> | undefined

    const clearTimers = () => {
      clearTimeout(subscribeTimer)
      clearInterval(pingTimer)
      clearTimeout(pongTimer)
    }

    function closed(code: number) {
      clearTimers()
      socketRef.current = null
      subscribedRef.current = false
      if (stopped) return
      if (code === CLOSE_SESSION_ENDED) return setStatus('ended')
      setStatus('connecting')
      retryTimer = setTimeout(connect, reconnectDelay(attempt++))
    }

    function connect() {
      const ws = new WebSocket(`${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}/ws`)
      socketRef.current = ws
      ws.onopen = () => {
        attempt = 0
        // After a drop, pushes may have been missed: the other listeners read their state again.
        if (everOpened) realtime.emit({ type: 'reconnected' })
        everOpened = true
        // Open for sending once subscribed: the server takes a socket's frames in order, so a message
        // sent after this reaches a room the socket is in.
        subscribeTimer = setTimeout(() => {
          if (ws.readyState !== WebSocket.OPEN) return
          if (subscribeRef.current) ws.send(JSON.stringify(subscribeRef.current))
          subscribedRef.current = true
          setStatus('open')
        }, CHAT_TIMINGS.subscribeDelayMs)
        pingTimer = setInterval(() => {
          if (ws.readyState !== WebSocket.OPEN) return
          ws.send(JSON.stringify({ type: 'ping' }))
          clearTimeout(pongTimer)
          pongTimer = setTimeout(() => {
            // A dead connection may never finish a close handshake: let go of it now and reconnect.
            ws.onclose = null
            ws.onmessage = null
            ws.close(CLOSE_NO_PONG, 'No pong')
            closed(CLOSE_NO_PONG)
          }, CHAT_TIMINGS.pongTimeoutMs)
        }, CHAT_TIMINGS.pingEveryMs)
      }
      ws.onmessage = (message) => {
        let event: ServerEvent
        try {
          event = JSON.parse(String(message.data))
        } catch {
          return
        }
        if (event.type === 'pong') return clearTimeout(pongTimer)
        onEventRef.current(event)
        realtime.emit(event)
      }
      ws.onclose = (e) => closed(e.code)
    }

    connect()
    return () => {
      stopped = true
      clearTimers()
      clearTimeout(retryTimer)
      const ws = socketRef.current
      if (ws) {
        ws.onclose = null
        ws.close(1000)
      }
      socketRef.current = null
      realtime.release()
    }
  }, [])

  // Another conversation chosen while connected: subscribe to it now rather than on the next open.
  const subscribeKey = JSON.stringify(subscribe)
  useEffect(() => {
    const ws = socketRef.current
    if (subscribedRef.current && subscribe && ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(subscribe))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subscribeKey])

  /** Sends a frame; false when the socket is not open (the caller says so). */
  const send = useCallback((frame: Record<string, unknown>): boolean => {
    const ws = socketRef.current
    if (!ws || ws.readyState !== WebSocket.OPEN) return false
    ws.send(JSON.stringify(frame))
    return true
  }, [])

  return { status, send }
}
