// GET /api/file/download/{key}: the same file as an attachment download.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { sendFile } from '#app/utils/file-responses.server'
import { methodNotAllowed } from '#app/utils/api.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return sendFile(request, params.key ?? '', 'attachment')
}

export const action = () => methodNotAllowed()
