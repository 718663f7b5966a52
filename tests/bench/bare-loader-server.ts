// A bare node:http server that answers one JSON route by calling its loader from the production build directly:
// no Express, no middleware (security headers, tenant host, same-origin guard, body limit), no Remix handler.
// Not a way to serve anything: layers.ts measures it beside the real server, to show what those layers cost.
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import path from 'node:path'
import { answerBytesOf } from '#app/services/answer-bytes.server'
import { REQUEST_ID_HEADER } from '#app/services/request-memo.server'
import { encodeAnswer } from '../../server/whole-answer'

type Loader = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<Response>
const build = (await import(path.resolve(process.env.BUILD_DIR ?? 'build', 'server/index.js'))) as { routes: Record<string, { module: { loader?: Loader } }> }
const loader = build.routes[process.env.BARE_ROUTE_ID!]?.module.loader
if (!loader) throw new Error(`No loader for route ${process.env.BARE_ROUTE_ID}`)

http
  .createServer(async (req, res) => {
    const headers = new Headers()
    for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value)
    headers.set(REQUEST_ID_HEADER, randomUUID())
    const response = await loader({ request: new Request(`http://localhost${req.url}`, { headers }), params: {}, context: {} })
    const body = answerBytesOf(response) ?? Buffer.from(await response.arrayBuffer())
    // As the real server answers a browser: brotli at quality 1 from 1 kB.
    const encoded = body.length >= 1024 ? encodeAnswer(body, 'br', 1) : body
    res.writeHead(response.status, { 'Content-Type': 'application/json', 'Content-Length': encoded.length, ...(encoded === body ? {} : { 'Content-Encoding': 'br' }) })
    res.end(encoded)
  })
  .listen(Number(process.env.PORT))
