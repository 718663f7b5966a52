// CLI entry: `tsx tools/crm-emulator/main.ts` serves the CRM emulator with settings from the environment.
import { startCrmEmulator } from './server'

const emulator = await startCrmEmulator({
  port: Number(process.env.CRM_EMULATOR_PORT ?? 12311),
  host: process.env.CRM_EMULATOR_HOST ?? '127.0.0.1',
  apiKey: process.env.CRM_API_KEY || undefined,
  log: process.env.CRM_EMULATOR_LOG === 'true',
})
console.log(`CRM emulator listening on ${emulator.url}`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void emulator.close().then(() => process.exit(0))
  })
}
