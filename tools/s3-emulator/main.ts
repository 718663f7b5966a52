// CLI entry: `tsx tools/s3-emulator/main.ts` serves the local S3 store with settings from the environment.
import { startS3Emulator } from './index'

const emulator = await startS3Emulator({
  port: Number(process.env.S3_EMULATOR_PORT ?? 4569),
  host: process.env.S3_EMULATOR_HOST ?? '127.0.0.1',
  directory: process.env.S3_EMULATOR_DIR ?? '.data/s3',
  buckets: [process.env.S3_BUCKET || 'draftdesk'],
  log: process.env.S3_EMULATOR_LOG === 'true',
})
console.log(`S3 emulator listening on ${emulator.url}`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void emulator.close().then(() => process.exit(0))
  })
}
