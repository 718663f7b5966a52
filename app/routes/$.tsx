// Any path no other route matches: the spec's 404 page with status 404.
import { NotFoundPage } from '#app/components/error-screens'

export async function loader() {
  throw new Response('Not Found', { status: 404 })
}

export default function NotFoundRoute() {
  return <NotFoundPage />
}
