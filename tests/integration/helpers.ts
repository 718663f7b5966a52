// Calls route modules in-process with real Requests and a cookie jar; starts the mail sink and workers.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { startMailSink } from '#app/services/mail-sink.server'
import { redis } from '#app/services/redis.server'
import { queue, type QueueName } from '#jobs/queues'
import { startWorkers } from '#jobs/worker'

type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<unknown>

export class Client {
  cookie = ''
  constructor(public ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) {}

  async call(
    handler: Handler | undefined,
    opts: { method?: string; path: string; body?: unknown; params?: Record<string, string>; raw?: boolean; headers?: Record<string, string> },
  ) {
    if (!handler) throw new Error('Route module does not export this handler')
    const headers = new Headers({ 'x-draftdesk-client-ip': this.ip, ...opts.headers })
    if (this.cookie) headers.set('Cookie', this.cookie)
    const isForm = opts.body instanceof FormData
    if (opts.body !== undefined && !isForm) headers.set('Content-Type', 'application/json')
    const request = new Request(`http://localhost${opts.path}`, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
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
    if (opts.raw) return { status: response.status, json: null, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) }
    const text = await response.text()
    let json: any = null
    try {
      json = JSON.parse(text)
    } catch {}
    return { status: response.status, json, headers: response.headers, bytes: null as Buffer | null }
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

/** Signs a client in through the real login call. */
export async function signIn(client: Client, email: string, orgName: string | null, password = 'Demo-pass-2026') {
  const { platformDb } = await import('#app/services/db.server')
  const org = orgName ? await platformDb.selectFrom('organisations').select('public_id').where('name', '=', orgName).executeTakeFirstOrThrow() : null
  const { action } = await import('#app/routes/api.auth.login')
  const res = await client.call(action as never, { path: '/api/auth/login', body: { email, password, clientId: org?.public_id ?? null, role: org ? undefined : 'superadmin' } })
  if (res.status !== 200) throw new Error(`Sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.json)}`)
  return client
}

/**
 * Until the named queues hold no job that is waiting or running, twice in a row (a job may still be
 * adding the next one): a test that expects no second e-mail asserts once the queue is done, instead
 * of sleeping and hoping it was long enough. Delayed jobs are not waited for.
 */
export async function queuesDrained(names: QueueName[] = ['email'], timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  let idle = 0
  while (Date.now() < deadline) {
    const counts = await Promise.all(names.map((name) => queue(name).getJobCounts('waiting', 'active', 'prioritized', 'waiting-children')))
    idle = counts.every((c) => Object.values(c).every((n) => n === 0)) ? idle + 1 : 0
    if (idle >= 2) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`queues ${names.join(', ')} did not drain`)
}
