// The document every page renders in (language, styles, scripts with the CSP nonce) and the last-resort error boundary.
import type { LinksFunction, MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from '@remix-run/react'
import { RouteErrorContent } from '#app/components/error-screens'
import { useNonce } from '#app/ui/nonce'
import { useHydrated } from '#app/ui/use-hydrated'
import stylesheet from './tailwind.css?url'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.ico' },
]

export const meta: MetaFunction = () => [{ title: 'Draftdesk' }]

// Old builds of the portal registered a service worker; remove it so stale caches never serve pages.
const unregisterServiceWorkers = `if('serviceWorker' in navigator){navigator.serviceWorker.getRegistrations().then(function(rs){rs.forEach(function(r){r.unregister()})}).catch(function(){})}`

/** What a route may say in its `handle`: `hydrate: false` for a page that works entirely without JavaScript. */
export type RouteHandle = { hydrate?: boolean }

/**
 * A page whose routes all work without JavaScript may be served without it (`handle: { hydrate: false }`):
 * the storefront, whose budget (80 kB gzipped, issue 24) React and Remix alone exceed. Once the app
 * runs in the browser (reached from a hydrated page), the scripts stay, so nothing is torn down.
 */
function useIncludeScripts() {
  const matches = useMatches()
  const hydrated = useHydrated()
  return hydrated || !matches.some((m) => (m.handle as RouteHandle | undefined)?.hydrate === false)
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const includeScripts = useIncludeScripts()
  // English: every page's content is (the spec's texts); the shell's translated menus carry their own lang (ADR 0078).
  return (
    <html lang="en" className="h-full bg-gray-50">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="h-full text-gray-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: unregisterServiceWorkers }} />
        {includeScripts ? <Scripts nonce={nonce} /> : null}
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  return <RouteErrorContent />
}
