// Chat figures for `npm run bench` (issue 10): 500 sockets in one project room of one server process;
// how long a message takes to reach all of them (p50/p95, one message at a time), and how many messages a
// second the process stores and fans out to the whole room as more senders join. The bench's own
// clients run in this process and share the machine with the server, so the figures are a floor.
import WebSocket from 'ws'
import { platformDb, tenantDb } from '#app/services/db.server'
import { seededOrderId } from '#db/seed/orders'
import { scopedDelete } from '#db/tenant'
import { base, cpuMs, ms, ownerCookie, percentile } from './harness'

const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS ?? 500)
const LATENCY_MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 40)
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 6)
/** Senders per throughput step; each sends at the socket's sustained limit (5 a second). */
const SENDER_STEPS = (process.env.BENCH_CHAT_SENDERS ?? '10,50,150').split(',').map(Number)
const PER_SENDER_INTERVAL_MS = 200

type Client = { socket: WebSocket; received: Map<string, number> }

/** Error frames the bench's sockets got, by code (a rate-limited send shows here). */
const refusals = new Map<string, number>()

function connect(cookie: string, room: Record<string, unknown>, onMessage: (tag: string, at: number) => void): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, { headers: { Cookie: cookie, Origin: base } })
    const client: Client = { socket, received: new Map() }
    socket.once('error', reject)
    socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', ...room })))
    socket.on('message', (raw) => {
      const at = performance.now()
      const text = String(raw)
      // Parse only what is needed: the tag of the message content ("bench:<id>").
      if (text.startsWith('{"type":"all_messages"')) return resolve(client)
      if (text.startsWith('{"type":"error"')) {
        const code = /"code":"([^"]+)"/.exec(text)?.[1] ?? 'unknown'
        refusals.set(code, (refusals.get(code) ?? 0) + 1)
        return
      }
      const tag = /"content":"(bench:[^"]+)"/.exec(text)?.[1]
      if (tag) onMessage(tag, at)
    })
  })
}

async function connectAll(cookies: string[], room: Record<string, unknown>, onMessage: (i: number, tag: string, at: number) => void) {
  const clients: Client[] = []
  for (let i = 0; i < cookies.length; i += 50) {
    clients.push(...(await Promise.all(cookies.slice(i, i + 50).map((cookie, j) => connect(cookie, room, (tag, at) => onMessage(i + j, tag, at))))))
  }
  return clients
}

/** `serverPid`: the bench server's process, for its CPU time per message (robust when the machine is shared). */
export async function chatSection(serverPid?: number) {
  const org = await platformDb.selectFrom('organisations').select('id').where('name', '=', 'Demo Writing Co').executeTakeFirstOrThrow()
  const orderId = seededOrderId('demo', 2)
  const room = { chatType: 'project', orderId }
  // One session per socket, as 500 browser tabs would have.
  const cookies: string[] = []
  for (let i = 0; i < CLIENTS; i++) cookies.push(await ownerCookie())

  const sentAt = new Map<string, number>()
  const deliveries = new Map<string, number[]>()
  const started = performance.now()
  const clients = await connectAll(cookies, room, (_i, tag, at) => {
    const list = deliveries.get(tag)
    if (list) list.push(at)
    else deliveries.set(tag, [at])
  })
  console.log(`\nChat: ${clients.length} sockets subscribed to one project room in ${ms(performance.now() - started)} ms`)

  try {
    // Latency: one message at a time from one socket, each waited for until every socket has it.
    const sender = clients[0]!
    const toAll: number[] = []
    const each: number[] = []
    for (let i = 0; i < LATENCY_MESSAGES; i++) {
      const tag = `bench:l${i}:${Date.now()}`
      sentAt.set(tag, performance.now())
      sender.socket.send(JSON.stringify({ type: 'new_message', ...room, message_type: 'text', content: tag }))
      const deadline = performance.now() + 10_000
      while ((deliveries.get(tag)?.length ?? 0) < clients.length && performance.now() < deadline) await new Promise((r) => setTimeout(r, 2))
      const times = (deliveries.get(tag) ?? []).map((at) => at - sentAt.get(tag)!)
      if (times.length === clients.length) toAll.push(Math.max(...times))
      each.push(...times)
      // Under the sender's own limit (5 a second).
      await new Promise((r) => setTimeout(r, PER_SENDER_INTERVAL_MS))
    }
    toAll.sort((a, b) => a - b)
    each.sort((a, b) => a - b)
    console.log(
      `Delivery of one message to all ${clients.length} sockets (${toAll.length} of ${LATENCY_MESSAGES} reached everyone): p50 ${ms(percentile(toAll, 50))} ms, p95 ${ms(percentile(toAll, 95))} ms; to each socket p50 ${ms(percentile(each, 50))} ms, p95 ${ms(percentile(each, 95))} ms`,
    )

    // Throughput: more and more senders, each at the per-socket limit, for SECONDS each.
    const rows = []
    for (const senders of SENDER_STEPS.filter((n) => n > 0 && n <= clients.length)) {
      deliveries.clear()
      sentAt.clear()
      refusals.clear()
      const serverCpuBefore = serverPid ? cpuMs(serverPid) : Number.NaN
      const clientCpuBefore = process.cpuUsage()
      let sent = 0
      const stopAt = performance.now() + SECONDS * 1000
      const timers = clients.slice(0, senders).map((c, s) =>
        setInterval(() => {
          if (performance.now() > stopAt) return
          const tag = `bench:t${senders}:${s}:${sent++}`
          sentAt.set(tag, performance.now())
          c.socket.send(JSON.stringify({ type: 'new_message', ...room, message_type: 'text', content: tag }))
        }, PER_SENDER_INTERVAL_MS),
      )
      await new Promise((r) => setTimeout(r, SECONDS * 1000))
      for (const t of timers) clearInterval(t)
      // Let what is in flight arrive (at most 10 s).
      const drainUntil = performance.now() + 10_000
      while (performance.now() < drainUntil && [...sentAt.keys()].some((tag) => (deliveries.get(tag)?.length ?? 0) < clients.length)) await new Promise((r) => setTimeout(r, 20))
      const complete = [...sentAt.keys()].filter((tag) => (deliveries.get(tag)?.length ?? 0) === clients.length)
      const lastArrival = Math.max(...complete.map((tag) => Math.max(...deliveries.get(tag)!)))
      const firstSend = Math.min(...[...sentAt.values()])
      const spanSeconds = (lastArrival - firstSend) / 1000
      const serverCpu = serverPid ? cpuMs(serverPid) - serverCpuBefore : Number.NaN
      const clientCpu = process.cpuUsage(clientCpuBefore)
      const latencies = complete.map((tag) => Math.max(...deliveries.get(tag)!) - sentAt.get(tag)!).sort((a, b) => a - b)
      rows.push({
        senders,
        'offered msg/s': Math.round(senders * (1000 / PER_SENDER_INTERVAL_MS)),
        'msg/s stored and delivered to all': Math.round(complete.length / spanSeconds),
        'frames out/s': Math.round((complete.length * clients.length) / spanSeconds),
        'to-all p50 ms': ms(percentile(latencies, 50)),
        'to-all p95 ms': ms(percentile(latencies, 95)),
        'not delivered to all': sentAt.size - complete.length,
        refused: [...refusals].map(([code, n]) => `${code} ${n}`).join(', ') || '-',
        'server CPU ms/msg': complete.length ? (serverCpu / complete.length).toFixed(2) : '-',
        'bench CPU ms/msg': complete.length ? ((clientCpu.user + clientCpu.system) / 1000 / complete.length).toFixed(2) : '-',
      })
      await new Promise((r) => setTimeout(r, 1500))
    }
    console.log(`Messages through one process (${clients.length} sockets in the room, each sender at 5 msg/s, ${SECONDS} s per step):`)
    console.table(rows)
  } finally {
    for (const c of clients) c.socket.terminate()
    // The bench's messages do not stay in the demo order's chat.
    const t = { db: tenantDb(org.id), clientId: org.id }
    const order = await t.db.selectFrom('orders').select('id').where('client_id', '=', org.id).where('public_id', '=', orderId).executeTakeFirst()
    if (order) await scopedDelete(t, 'chat_messages').where('order_id', '=', order.id).where('content', 'like', 'bench:%').execute()
  }
}
