// A file a customer may fetch on their organisation's portal (product downloadables, draft files, final
// documents, chat files): always a download, never rendered. Octet-stream, attachment and a sandbox CSP (the
// server adds nosniff to every answer), so whatever the file holds cannot run on the portal's origin. A file
// the customer may not have, or one missing from storage, is the same plain 404. The name's extension is the
// sniffed type's (the stored type when the caller has it, else read from the storage key, which is named after
// it), never a dangerous uploaded one.
import { Readable } from 'node:stream'
import { downloadName, typeOfExtension } from '#app/rules/file-name'
import { getStream } from '#app/services/storage.server'

export const notFoundFile = () => new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })

/** Stored keys end in the extension sniffed at upload (newStorageKey). */
function sniffedType(key: string): string | null {
  const dot = key.lastIndexOf('.')
  return dot > 0 ? typeOfExtension(key.slice(dot + 1)) : null
}

export async function customerDownload(file: { key: string; name: string; type?: string } | null | undefined): Promise<Response> {
  if (!file) return notFoundFile()
  // Streamed (ADR 0088): a large file never sits in the server's memory.
  const stream = await getStream(file.key)
  if (!stream) return notFoundFile()
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(downloadName(file.name, file.type ?? sniffedType(file.key)))}`,
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'no-store',
    },
  })
}
