// The browser's live events for the signed-in person: one websocket per tab (/ws on this origin), opened
// on first use, kept alive with pings and reopened with backoff. Code that already holds a socket (the
// chat) can feed its frames here with provideRealtime() instead, and then no second socket is opened.

import { CHAT_TIMINGS, CLOSE_SESSION_ENDED, reconnectDelay } from '#app/rules/chat'

export type RealtimeFrame = { type?: string; [key: string]: unknown }
type Listener = (frame: RealtimeFrame) => void

const listeners = new Set<Listener>()
let providers = 0
let socket: WebSocket | null = null
let attempts = 0
let everOpened = false
let reconnectTimer: ReturnType<typeof setTimeout> | undefined
let pingTimer: ReturnType<typeof setInterval> | undefined
let pongTimer: ReturnType<typeof setTimeout> | undefined

function emit(frame: RealtimeFrame) {
  for (const listener of [...listeners]) listener(frame)
}

function wanted() {
  return listeners.size > 0 && providers === 0
}

function stopTimers() {
  clearTimeout(reconnectTimer)
  clearInterval(pingTimer)
  clearTimeout(pongTimer)
}

function open() {
  if (socket || !wanted() || typeof WebSocket === 'undefined') return
  const url = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`
  const ws = new WebSocket(url)
  socket = ws
  ws.onopen = () => {
    attempts = 0
    // After a drop, events may have been missed: listeners read the state again.
    if (everOpened) emit({ type: 'reconnected' })
    everOpened = true
    pingTimer = setInterval(() => {
      if (ws.readyState !== WebSocket.OPEN) return
      ws.send(JSON.stringify({ type: 'ping' }))
      clearTimeout(pongTimer)
      pongTimer = setTimeout(() => ws.close(), CHAT_TIMINGS.pongTimeoutMs)
    }, CHAT_TIMINGS.pingEveryMs)
  }
  ws.onmessage = (event) => {
    let frame: RealtimeFrame
    try {
      frame = JSON.parse(String(event.data))
    } catch {
      return
    }
    if (frame.type === 'pong') clearTimeout(pongTimer)
    else emit(frame)
  }
  ws.onclose = (event) => {
    if (socket !== ws) return
    socket = null
    stopTimers()
    // The session is over: the next page load signs in again; knocking on the socket meanwhile is pointless.
    if (!wanted() || event.code === CLOSE_SESSION_ENDED) return
    reconnectTimer = setTimeout(open, reconnectDelay(attempts++))
  }
}

function close() {
  stopTimers()
  const ws = socket
  socket = null
  ws?.close()
}

/** Listens to every live frame for this person; the first listener opens the socket, the last closes it. */
export function onRealtime(listener: Listener): () => void {
  listeners.add(listener)
  open()
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) close()
  }
}

/**
 * For code that opens its own socket to /ws (every socket of a person receives their `user:` frames):
 * pass each parsed frame to `emit`, and call `release` when that socket is gone.
 */
export function provideRealtime(): { emit: (frame: RealtimeFrame) => void; release: () => void } {
  providers++
  close()
  let released = false
  return {
    emit,
    release() {
      if (released) return
      released = true
      providers--
      open()
    },
  }
}
