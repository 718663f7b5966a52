// GET /api/file/{id}: a file shown inline (images): an avatar to its realm and the platform, an organisation's
// file to its members whose permissions cover the file's purpose.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { sendFile } from './file-responses.server'
import { methodNotAllowed } from '#app/services/api-request.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return sendFile(request, params.id ?? '', 'inline')
}

export const action = () => methodNotAllowed()
