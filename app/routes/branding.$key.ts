// GET /branding/{key}: an organisation's logo, welcome or login image, for its portal pages: on its own
// host to anyone (the sign-in page shows them), elsewhere to its signed-in members.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { readBrandingImage } from '#app/models/platform-domains.server'
import { getAuth } from '#app/models/auth-guards.server'
import { parseStorageKey } from '#app/services/storage.server'
import { hostClientId } from '#app/services/request-host.server'

const notFound = () => new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = parseStorageKey(params.key)
  if (!key) return notFound()
  const clientId = hostClientId(request) ?? (await getAuth(request)).user?.clientId ?? null
  if (clientId === null) return notFound()
  const image = await readBrandingImage(clientId, key)
  if (!image) return notFound()
  return new Response(new Uint8Array(image.data), {
    headers: {
      'Content-Type': image.mimeType,
      'Content-Length': String(image.data.length),
      'X-Content-Type-Options': 'nosniff',
      // A new image gets a new key, so a key's bytes never change; a removed one may linger in a cache for the hour.
      'Cache-Control': 'private, max-age=3600',
    },
  })
}
