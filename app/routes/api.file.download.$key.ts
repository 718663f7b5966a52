// GET /api/file/download/{key}: the same file as an attachment download.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { sendFile } from './file-responses.server'
import { methodNotAllowed } from '#app/services/api-request.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return sendFile(request, params.key ?? '', 'attachment')
}

export const action = () => methodNotAllowed()
