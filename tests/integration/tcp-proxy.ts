// A TCP proxy in front of the test's MariaDB or Redis that a test can take down and bring back: down
// cuts every open connection and refuses new ones, as a killed server does, without stopping the real
// one (other test files keep using it) or paying for a second server.
import net from 'node:net'

export class TcpProxy {
  private server: net.Server | null = null
  private readonly sockets = new Set<net.Socket>()
  port = 0

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Listens (on `port` again after a down(), so clients reconnect to the same address). */
  async up(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost)
      for (const socket of [client, upstream]) {
        this.sockets.add(socket)
        socket.on('close', () => this.sockets.delete(socket))
        socket.on('error', () => {})
      }
      client.pipe(upstream).pipe(client)
      client.on('close', () => upstream.destroy())
      upstream.on('close', () => client.destroy())
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    this.port = (server.address() as net.AddressInfo).port
    this.server = server
  }

  /** As if the server were killed: open connections reset, new ones refused. */
  async down(): Promise<void> {
    const server = this.server
    this.server = null
    for (const socket of this.sockets) socket.resetAndDestroy()
    if (server) await new Promise((resolve) => server.close(resolve))
  }

  /** The URL with its host and port swapped for the proxy's. */
  via(url: string): string {
    const proxied = new URL(url)
    proxied.hostname = '127.0.0.1'
    proxied.port = String(this.port)
    return proxied.toString()
  }

  static async to(url: string): Promise<TcpProxy> {
    const target = new URL(url)
    const proxy = new TcpProxy(target.hostname, Number(target.port))
    await proxy.up()
    return proxy
  }
}
