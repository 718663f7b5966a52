// A CRM emulator of the test file's own, closed after the file. Call it inside vi.hoisted: the app
// reads its settings once (env()), so CRM_API_URL must name this emulator before any app module loads.
import { afterAll } from 'vitest'
import { startCrmEmulator, type CrmEmulator } from '../../tools/crm-emulator'

export async function crmEmulatorForThisFile(): Promise<CrmEmulator> {
  const emulator = await startCrmEmulator({ port: 0 })
  process.env.CRM_API_URL = emulator.url
  process.env.CRM_URL = 'https://crm.example.test'
  afterAll(async () => {
    await emulator.close()
  })
  return emulator
}
