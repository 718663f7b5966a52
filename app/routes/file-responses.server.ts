// Turns a stored file into an HTTP response after checking who may read it (GET /api/file/{id},
// GET /api/file/download/{key}). Every refusal that could reveal another realm's file is a 404.
import { Readable } from 'node:stream'
import type { AuthUser } from '#app/models/account.server'
import { AVATAR_PREFIX, findFile, isMemberAvatar, parseFileRef } from '#app/models/files.server'
import { isAnyAccountAvatar } from '#app/models/platform-files.server'
import { canReadFile } from '#app/rules/file-purposes'
import { downloadName } from '#app/rules/file-name'
import { getAuth, requirePermission, tenantOf } from '#app/models/auth-guards.server'
import { getStream, storage } from '#app/services/storage.server'
import { apiError, FORBIDDEN_MESSAGE } from '#app/services/http.server'

const FILE_NOT_FOUND = 'File not found'

const fileNotFound = () => apiError(404, FILE_NOT_FOUND)

function avatarType(key: string) {
  if (/\.png$/i.test(key)) return 'image/png'
  if (/\.jpe?g$/i.test(key)) return 'image/jpeg'
  return null
}

/**
 * Avatars: only a key that is some account's current avatar, and only to a reader of the same
 * realm (the organisation's members see each other) or to the platform (its screens list every
 * realm's people). An old or made-up avatar key is a 404, whoever asks.
 */
async function sendAvatar(reader: AuthUser, key: string) {
  const type = avatarType(key)
  if (!type) return fileNotFound()
  // Not requirePermission: an avatar is shown on pages that stay open while an account is locked.
  const visible = reader.clientId === null ? await isAnyAccountAvatar(key) : await isMemberAvatar(tenantOf({ ...reader, clientId: reader.clientId }), key)
  if (!visible) return fileNotFound()
  const data = await storage().get(key)
  if (!data) return fileNotFound()
  return new Response(new Uint8Array(data), {
    // A short private cache: avatars repeat on every page; a replaced one shows within minutes.
    headers: { 'Content-Type': type, 'Content-Length': String(data.length), 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, max-age=300' },
  })
}

export async function sendFile(request: Request, rawRef: string, disposition: 'inline' | 'attachment') {
  const { user } = await getAuth(request)
  if (!user) return apiError(401, 'Unauthorized')
  const ref = parseFileRef(rawRef)
  if (!ref) return fileNotFound()
  if (ref.startsWith(AVATAR_PREFIX)) return sendAvatar(user, ref)
  // Organisation files: a platform session has no organisation, so there is nothing to find.
  if (user.clientId === null) return fileNotFound()
  const t = await requirePermission(request)
  const row = await findFile(t, ref)
  if (!row) return fileNotFound()
  // The file is this organisation's, so saying it exists reveals nothing outside the realm.
  if (!canReadFile(t.user, row)) return apiError(403, FORBIDDEN_MESSAGE)
  // Opened only after every check, and streamed: a large file never sits in the server's memory (ADR 0088).
  const file = { row, stream: await getStream(row.storage_key) }
  if (!file.stream) return fileNotFound()
  const inline = disposition === 'inline' && file.row.mime_type.startsWith('image/')
  return new Response(Readable.toWeb(file.stream) as ReadableStream, {
    headers: {
      'Content-Type': file.row.mime_type,
      'Content-Length': String(file.row.size),
      // The name's extension follows the sniffed type: an uploaded `.hta` or `.html` holding text is saved as `.txt`.
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(downloadName(file.row.original_name, file.row.mime_type))}`,
      'X-Content-Type-Options': 'nosniff',
      // Never kept by the browser: access can be withdrawn, and the next person at the computer must not find it.
      'Cache-Control': 'no-store',
    },
  })
}
