// Refusals answered before Remix: JSON shaped like the API's errors for /api/*, a plain page otherwise.
import type { Request, Response } from 'express'
import { normalizeRoutePath } from '#app/rules/request-path'
import { lingerThenClose } from './body-limit'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function refuse(req: Request, res: Response, status: number, message: string) {
  if (res.headersSent) return
  res.status(status)
  res.setHeader('Cache-Control', 'no-store')
  // Whatever body is still on its way is dropped, not kept, and the connection then closes.
  lingerThenClose(req, res)
  if (normalizeRoutePath(req.path).startsWith('/api/')) {
    res.json({ status: false, statusCode: status, error: message })
    return
  }
  const title = status === 413 ? 'Request too large' : status === 403 ? 'Request refused' : status === 503 ? 'Service unavailable' : 'Bad request'
  res
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} | Draftdesk</title></head>` +
        `<body style="font-family:sans-serif;padding:2rem"><h1>${title}</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to Draftdesk</a></p></body></html>`,
    )
}
