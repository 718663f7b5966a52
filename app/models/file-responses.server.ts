// Turns a stored file into an HTTP response after checking who may read it.
import { readFile } from './files.server'
import { getAuth } from '#app/services/auth.server'
import { db } from '#app/services/db.server'
import { storage } from '#app/services/storage.server'
import { apiError } from '#app/utils/http.server'

export const AVATAR_PREFIX = 'avatar_'

function contentTypeOf(key: string) {
  if (/\.png$/i.test(key)) return 'image/png'
  if (/\.jpe?g$/i.test(key)) return 'image/jpeg'
  return 'application/octet-stream'
}

export async function sendFile(request: Request, idOrKey: string, disposition: 'inline' | 'attachment') {
  const { user } = await getAuth(request)
  if (!user) return apiError(401, 'Unauthorized')
  // Avatars are person-level (no organisation); their keys are 256-bit random, so any signed-in user may see them.
  if (idOrKey.startsWith(AVATAR_PREFIX)) {
    const data = await storage().get(idOrKey)
    if (!data) return apiError(404, 'File not found')
    return new Response(new Uint8Array(data), { headers: { 'Content-Type': contentTypeOf(idOrKey), 'Cache-Control': 'private, max-age=3600' } })
  }
  if (user.clientId === null) return apiError(404, 'File not found')
  const file = await readFile({ db, clientId: user.clientId }, idOrKey)
  if (!file) return apiError(404, 'File not found')
  const inline = disposition === 'inline' && file.row.mime_type.startsWith('image/')
  return new Response(new Uint8Array(file.data), {
    headers: {
      'Content-Type': file.row.mime_type,
      'Content-Length': String(file.data.length),
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.row.original_name)}`,
      'Cache-Control': 'private, max-age=3600',
    },
  })
}
