// The local S3-compatible store (s3rver, from npm) the app talks to when STORAGE_BACKEND=s3 names no
// S3_ENDPOINT outside production (scripts/run.mjs starts it), and that the S3 tests start in-process.
import S3rver from 's3rver'

/** s3rver's fixed credentials: it checks request signatures against them. */
export const S3_EMULATOR_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const

export type S3Emulator = { url: string; port: number; close: () => Promise<void> }

/** Serves the buckets named (created when missing) from `directory`, on loopback; port 0 picks a free one. */
export async function startS3Emulator(opts: { directory: string; buckets: string[]; port?: number; host?: string; log?: boolean }): Promise<S3Emulator> {
  const host = opts.host ?? '127.0.0.1'
  const server = new S3rver({
    port: opts.port ?? 0,
    address: host,
    directory: opts.directory,
    silent: !opts.log,
    configureBuckets: opts.buckets.map((name) => ({ name, configs: [] })),
  })
  const address = (await server.run()) as { port: number }
  return { url: `http://${host}:${address.port}`, port: address.port, close: () => server.close() }
}
