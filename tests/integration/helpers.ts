// Calls route modules in-process with real Requests and a cookie jar; starts the mail sink and workers.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { startMailSink } from '#app/services/mail-sink.server'
import { redis } from '#app/services/redis.server'
import { startWorkers } from '#jobs/worker'

type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<unknown>

export class Client {
  cookie = ''
  constructor(public ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) {}

  async call(handler: Handler | undefined, opts: { method?: string; path: string; body?: unknown; params?: Record<string, string> }) {
    if (!handler) throw new Error('Route module does not export this handler')
    const headers = new Headers({ 'x-draftdesk-client-ip': this.ip })
    if (this.cookie) headers.set('Cookie', this.cookie)
    if (opts.body !== undefined) headers.set('Content-Type', 'application/json')
    const request = new Request(`http://localhost${opts.path}`, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    })
    let response: Response
    try {
      response = (await handler({ request, params: opts.params ?? {}, context: {} } as never)) as Response
    } catch (thrown) {
      if (thrown instanceof Response) response = thrown
      else throw thrown
    }
    const setCookie = response.headers.get('Set-Cookie')
    if (setCookie) {
      const pair = setCookie.split(';')[0]
      this.cookie = /Expires=Thu, 01 Jan 1970/i.test(setCookie) || pair.endsWith('=') ? '' : pair
    }
    const text = await response.text()
    let json: any = null
    try {
      json = JSON.parse(text)
    } catch {}
    return { status: response.status, json, headers: response.headers }
  }
}

/** The e-mail path end to end: BullMQ workers and the SMTP sink, as in the app process. */
export async function startMailPipeline() {
  const sink = await startMailSink(Number(process.env.SMTP_SINK_PORT), redis())
  const workers = startWorkers()
  return async () => {
    await workers.close()
    await new Promise((r) => (sink ? sink.close(() => r(null)) : r(null)))
  }
}
