// Public surface of the local CRM emulator for tests and scripts.
export { startCrmEmulator, type CrmEmulator, type CrmEmulatorOptions } from './server'
