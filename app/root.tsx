import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteError, useRouteLoaderData } from '@remix-run/react'
import { resolveLanguage } from '#app/i18n/index'
import { getSession } from '#app/services/session.server'
import { useNonce } from '#app/ui/nonce'
import stylesheet from './tailwind.css?url'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.ico' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request)
  return { lang: resolveLanguage(session.get('lang')) }
}

export const meta: MetaFunction = () => [{ title: 'Draftdesk' }]

// Old builds of the portal registered a service worker; remove it so stale caches never serve pages.
const unregisterServiceWorkers = `if('serviceWorker' in navigator){navigator.serviceWorker.getRegistrations().then(function(rs){rs.forEach(function(r){r.unregister()})}).catch(function(){})}`

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const nonce = useNonce()
  return (
    <html lang={data?.lang ?? 'en'} className="h-full bg-gray-50">
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
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  useLoaderData<typeof loader>()
  return <Outlet />
}

export function NotFoundPage() {
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-10 text-center">
      <h1 className="text-6xl font-bold text-brand-600">404</h1>
      <p className="text-lg text-gray-700">Oops! The page you are looking for does not exist.</p>
      <Link to="/dashboard" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Go to dashboard
      </Link>
    </main>
  )
}

export function ErrorPage({ status, message }: { status: number; message: string }) {
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-10 text-center">
      <h1 className="text-4xl font-bold text-gray-800">{status === 403 ? 'Access denied' : 'Error'}</h1>
      <p role="alert" className="max-w-xl text-gray-700">
        {message}
      </p>
      <Link to="/dashboard" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Go to dashboard
      </Link>
    </main>
  )
}

/** The page for a thrown 404, 403 or unexpected error; the app layout shows it inside the shell. */
export function RouteErrorContent() {
  const error = useRouteError()
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPage />
    const message = typeof error.data === 'object' && error.data?.message ? String(error.data.message) : 'Please Try Again Later!'
    return <ErrorPage status={error.status} message={message} />
  }
  return <ErrorPage status={500} message="Please Try Again Later!" />
}

export function ErrorBoundary() {
  return <RouteErrorContent />
}
