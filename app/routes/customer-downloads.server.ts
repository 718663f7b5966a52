// A file a customer may fetch on their organisation's portal (product downloadables, draft files, final
// documents, chat files): always a download, never rendered. Octet-stream, attachment and a sandbox CSP (the
// server adds nosniff to every answer), so whatever the file holds cannot run on the portal's origin. A file
// the customer may not have, or one missing from storage, is the same plain 404.
import { Readable } from 'node:stream'
import { getStream } from '#app/services/storage.server'

export const notFoundFile = () => new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })

export async function customerDownload(file: { key: string; name: string } | null | undefined): Promise<Response> {
  if (!file) return notFoundFile()
  // Streamed (ADR 0088): a large file never sits in the server's memory.
  const stream = await getStream(file.key)
  if (!stream) return notFoundFile()
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'no-store',
    },
  })
}
