// Optional third-party scripts: the customer-chat widget and the product-analytics identify call.
// Nothing renders or loads unless the server passed a key, so both stay off by default.
import { useEffect } from 'react'

export type ChatConfig = {
  appId: string
  /** Shown for visitors and for users allowed to contact the team; shut down for everyone else. */
  show: boolean
  user: { id: string; name: string; email: string; userHash: string | null } | null
}

export type AnalyticsConfig = { key: string; user: { id: string; name: string; email: string } }

type IntercomFn = ((...args: unknown[]) => void) & { q?: unknown[][]; c?: (args: unknown[]) => void }
declare global {
  interface Window {
    Intercom?: IntercomFn
    analytics?: unknown[] & { [method: string]: unknown }
  }
}

function loadScript(src: string, id: string) {
  if (document.getElementById(id)) return
  const script = document.createElement('script')
  script.id = id
  script.async = true
  script.src = src
  document.head.appendChild(script)
}

export function ChatWidget({ config }: { config: ChatConfig | null }) {
  const appId = config?.appId
  const show = config?.show ?? false
  const user = config?.user ?? null
  // The widget boots again when these change, not each time the loader hands over a new user object.
  const [userId, userName, userEmail, userHash] = [user?.id, user?.name, user?.email, user?.userHash]
  useEffect(() => {
    if (!appId) return
    if (!show) {
      window.Intercom?.('shutdown')
      return
    }
    if (!window.Intercom) {
      // The widget's loader queues calls until its script arrives.
      const queue: IntercomFn = (...args: unknown[]) => queue.c!(args)
      queue.q = []
      queue.c = (args) => queue.q!.push(args)
      window.Intercom = queue
      loadScript(`https://widget.intercom.io/widget/${encodeURIComponent(appId)}`, 'intercom-widget')
    }
    window.Intercom(
      'boot',
      userId !== undefined ? { app_id: appId, user_id: userId, name: userName, email: userEmail, ...(userHash ? { user_hash: userHash } : {}) } : { app_id: appId },
    )
  }, [appId, show, userId, userName, userEmail, userHash])
  return null
}

const ANALYTICS_METHODS = ['identify', 'track', 'page', 'reset'] as const

export function AnalyticsIdentify({ config }: { config: AnalyticsConfig | null }) {
  const key = config?.key
  const [userId, userName, userEmail] = [config?.user?.id, config?.user?.name, config?.user?.email]
  useEffect(() => {
    if (!key || userId === undefined) return
    if (!window.analytics) {
      // Calls made before the library loads are queued as [method, ...args] and replayed by it.
      const stub = [] as unknown as NonNullable<Window['analytics']>
      for (const method of ANALYTICS_METHODS) stub[method] = (...args: unknown[]) => stub.push([method, ...args])
      stub._writeKey = key
      window.analytics = stub
      loadScript(`https://cdn.segment.com/analytics.js/v1/${encodeURIComponent(key)}/analytics.min.js`, 'analytics-js')
    }
    ;(window.analytics.identify as (id: string, traits: object) => void)(userId, { name: userName, email: userEmail })
  }, [key, userId, userName, userEmail])
  return null
}
