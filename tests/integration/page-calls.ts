// Calls page loaders and actions in-process like a browser would (form posts, the cookie jar of a Client):
// a page answers with a Response, a `data()` value or a plain object, returned or thrown.
import type { Client } from './helpers'

type Handler = (args: never) => Promise<unknown>
export type PageAnswer = { status: number; data: any; headers: Headers; location: string | null }

function toForm(fields: Record<string, string | string[]>): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) form.append(key, v)
  return form
}

export async function callPage(
  client: Client,
  handler: Handler | undefined,
  opts: { path: string; params?: Record<string, string>; form?: Record<string, string | string[]>; headers?: Record<string, string> },
): Promise<PageAnswer> {
  if (!handler) throw new Error('Route module does not export this handler')
  const headers = new Headers({ 'x-draftdesk-client-ip': client.ip, ...opts.headers })
  if (client.cookie) headers.set('Cookie', client.cookie)
  const request = new Request(`http://localhost${opts.path}`, { method: opts.form ? 'POST' : 'GET', headers, body: opts.form ? toForm(opts.form) : undefined })
  let result: unknown
  try {
    result = await handler({ request, params: opts.params ?? {}, context: {} } as never)
  } catch (thrown) {
    result = thrown
  }
  if (result instanceof Error) throw result
  let answer: PageAnswer
  if (result instanceof Response) {
    const text = await result.text()
    let data: unknown = text
    try {
      data = JSON.parse(text)
    } catch {}
    answer = { status: result.status, data, headers: result.headers, location: result.headers.get('Location') }
  } else if (result && typeof result === 'object' && (result as { type?: string }).type === 'DataWithResponseInit') {
    const { data, init } = result as { data: unknown; init?: { status?: number; headers?: HeadersInit } | null }
    const h = new Headers(init?.headers)
    answer = { status: init?.status ?? 200, data, headers: h, location: h.get('Location') }
  } else {
    answer = { status: 200, data: result, headers: new Headers(), location: null }
  }
  const setCookie = answer.headers.get('Set-Cookie')
  if (setCookie) {
    const pair = setCookie.split(';')[0]!
    client.cookie = /Expires=Thu, 01 Jan 1970/i.test(setCookie) || pair.endsWith('=') ? '' : pair
  }
  return answer
}
