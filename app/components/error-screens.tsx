// The error screens: the 404 page, the page for a thrown 403 or other status, and the boundary content
// that picks one; root.tsx renders them alone, the app layout inside its shell (no second <main> there).
import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'
import { PageHeader } from '#app/components/page'
import { Alert } from '#app/ui/alert'
import { MainOrSection } from '#app/ui/main-landmark'

export function NotFoundPage() {
  return (
    <MainOrSection className="flex min-h-full flex-col items-center justify-center gap-4 p-10 text-center">
      <h1 className="text-6xl font-bold text-brand-600">404</h1>
      <p className="text-lg text-gray-700">Oops! The page you are looking for does not exist.</p>
      <Link to="/dashboard" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Go to dashboard
      </Link>
    </MainOrSection>
  )
}

export function ErrorPage({ status, message }: { status: number; message: string }) {
  return (
    <MainOrSection className="flex min-h-full flex-col items-center justify-center gap-4 p-10 text-center">
      <h1 className="text-4xl font-bold text-gray-800">{status === 403 ? 'Access denied' : 'Error'}</h1>
      <p role="alert" className="max-w-xl text-gray-700">
        {message}
      </p>
      <Link to="/dashboard" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Go to dashboard
      </Link>
    </MainOrSection>
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

/**
 * A list page's ErrorBoundary: refusals (403, 404) read as everywhere else; anything unexpected shows the
 * page's heading and the spec's message for that list failing to load.
 */
export function listLoadErrorBoundary(title: string, message: string) {
  return function ListLoadError() {
    const error = useRouteError()
    if (isRouteErrorResponse(error)) return <RouteErrorContent />
    return (
      <div className="space-y-6">
        <PageHeader title={title} />
        <Alert tone="danger">{message}</Alert>
      </div>
    )
  }
}
