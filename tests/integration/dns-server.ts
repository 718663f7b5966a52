// A tiny authoritative DNS server on loopback UDP for tests: answers CNAME and TXT queries from a
// table the test edits, NXDOMAIN for names it does not hold, NODATA for other types, and SERVFAIL
// for everything while `failing` is set (a server that cannot answer).
import dgram from 'node:dgram'

type Records = { CNAME?: string[]; TXT?: string[][] }

const TYPES = { CNAME: 5, TXT: 16 } as const

function encodeName(name: string): Buffer {
  const parts = name.replace(/\.$/, '').split('.').filter(Boolean)
  return Buffer.concat([...parts.map((p) => Buffer.concat([Buffer.from([p.length]), Buffer.from(p, 'ascii')])), Buffer.from([0])])
}

function readName(msg: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = []
  let i = offset
  while (msg[i] !== 0) {
    const len = msg[i]!
    labels.push(msg.subarray(i + 1, i + 1 + len).toString('ascii'))
    i += len + 1
  }
  return { name: labels.join('.'), end: i + 1 }
}

function txtData(chunks: string[]): Buffer {
  return Buffer.concat(chunks.map((c) => Buffer.concat([Buffer.from([Buffer.byteLength(c)]), Buffer.from(c)])))
}

export class TestDnsServer {
  private socket = dgram.createSocket('udp4')
  readonly zone = new Map<string, Records>()
  failing = false
  /** Every question asked, as `TYPE name`. */
  readonly asked: string[] = []
  port = 0

  async start(port = 0): Promise<this> {
    this.socket.on('message', (msg, rinfo) => this.socket.send(this.answer(msg), rinfo.port, rinfo.address))
    await new Promise<void>((resolve, reject) => {
      this.socket.once('error', reject)
      this.socket.bind(port, '127.0.0.1', () => resolve())
    })
    this.port = this.socket.address().port
    return this
  }

  get server(): string {
    return `127.0.0.1:${this.port}`
  }

  set(name: string, records: Records) {
    this.zone.set(name.toLowerCase(), { ...this.zone.get(name.toLowerCase()), ...records })
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()))
  }

  private answer(query: Buffer): Buffer {
    const id = query.readUInt16BE(0)
    const { name, end } = readName(query, 12)
    const qtype = query.readUInt16BE(end)
    const question = query.subarray(12, end + 4)
    this.asked.push(`${qtype === TYPES.CNAME ? 'CNAME' : qtype === TYPES.TXT ? 'TXT' : qtype} ${name}`)
    const records = this.zone.get(name.toLowerCase())
    let rcode = 0
    const answers: Buffer[] = []
    if (this.failing) rcode = 2
    else if (!records) rcode = 3
    else if (qtype === TYPES.CNAME) for (const target of records.CNAME ?? []) answers.push(this.record(TYPES.CNAME, encodeName(target)))
    else if (qtype === TYPES.TXT) for (const chunks of records.TXT ?? []) answers.push(this.record(TYPES.TXT, txtData(chunks)))
    const header = Buffer.alloc(12)
    header.writeUInt16BE(id, 0)
    // QR, opcode 0, AA, RD copied, RA; then the response code.
    header.writeUInt16BE(0x8000 | 0x0400 | (query.readUInt16BE(2) & 0x0100) | 0x0080 | rcode, 2)
    header.writeUInt16BE(1, 4)
    header.writeUInt16BE(answers.length, 6)
    return Buffer.concat([header, question, ...answers])
  }

  private record(type: number, data: Buffer): Buffer {
    const head = Buffer.alloc(12)
    // A pointer to the question's name at offset 12.
    head.writeUInt16BE(0xc00c, 0)
    head.writeUInt16BE(type, 2)
    head.writeUInt16BE(1, 4)
    head.writeUInt32BE(60, 6)
    head.writeUInt16BE(data.length, 10)
    return Buffer.concat([head, data])
  }
}
