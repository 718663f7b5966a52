// Deterministic public ids for seed rows, so every seeded database has the same URLs.
import { createHash } from 'node:crypto'

export function seedId(name: string): string {
  const hex = createHash('sha256').update(`draftdesk-seed:${name}`).digest('hex')
  return BigInt(`0x${hex}`).toString(36).slice(0, 24).padStart(24, '0')
}
