// GET /api/file/{id}: a file shown inline (images): avatars to any signed-in user, others to their organisation.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { sendFile } from '#app/models/file-responses.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return sendFile(request, params.id ?? '', 'inline')
}
