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
      user ? { app_id: appId, user_id: user.id, name: user.name, email: user.email, ...(user.userHash ? { user_hash: user.userHash } : {}) } : { app_id: appId },
    )
  }, [appId, show, user?.id, user?.name, user?.email, user?.userHash])
  return null
}

const ANALYTICS_METHODS = ['identify', 'track', 'page', 'reset'] as const

export function AnalyticsIdentify({ config }: { config: AnalyticsConfig | null }) {
  const key = config?.key
  const user = config?.user
  useEffect(() => {
    if (!key || !user) return
    if (!window.analytics) {
      // Calls made before the library loads are queued as [method, ...args] and replayed by it.
      const stub = [] as unknown as NonNullable<Window['analytics']>
      for (const method of ANALYTICS_METHODS) stub[method] = (...args: unknown[]) => stub.push([method, ...args])
      stub._writeKey = key
      window.analytics = stub
      loadScript(`https://cdn.segment.com/analytics.js/v1/${encodeURIComponent(key)}/analytics.min.js`, 'analytics-js')
    }
    ;(window.analytics.identify as (id: string, traits: object) => void)(user.id, { name: user.name, email: user.email })
  }, [key, user?.id, user?.name, user?.email])
  return null
}
