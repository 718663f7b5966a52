// What the rules export as data (messages, labels, tables, lists) is never blank: an empty text, list, table or
// set would reach a screen or a check as nothing. Every rule module is loaded; functions and patterns are
// left to their own tests.
import { describe, expect, it } from 'vitest'

const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true })

/** The paths of the blank strings, empty lists, tables and sets inside `value`. */
function blanks(value: unknown, path: string, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return value === '' ? [path] : []
  if (value === null || typeof value !== 'object' || seen.has(value) || value instanceof RegExp) return []
  seen.add(value)
  if (Array.isArray(value)) return value.length === 0 ? [path] : value.flatMap((v, i) => blanks(v, `${path}[${i}]`, seen))
  if (value instanceof Set || value instanceof Map) return value.size === 0 ? [path] : [...value.values()].flatMap((v, i) => blanks(v, `${path}<${i}>`, seen))
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return []
  const entries = Object.entries(value)
  return entries.length === 0 ? [path] : entries.flatMap(([k, v]) => blanks(v, `${path}.${k}`, seen))
}

// Blanks that mean something, each held by its own file's tests: a mail without a button or title, a file purpose
// anyone may read or write, nothing due on a missing payout profile, a page open to every member.
const MEANT: Record<string, RegExp> = {
  'email-templates.ts': /^SYSTEM_TEMPLATES\[\d+\]\.(button_text|title)$/,
  'file-purposes.ts': /^FILE_PURPOSES\.\w+\.(read|write)$/,
  'payouts.ts': /^NO_PAYOUT_PROFILE\.requirements\.currently_due$/,
  'routes.ts': /^APP_ROUTES\[\d+\]\.guard$/,
}

describe('the data the rules export', () => {
  it.each(Object.entries(modules).map(([file, exports]) => [file.replace('./', ''), exports] as const))('%s holds no blank text, list or table', (file, exports) => {
    const found = Object.entries(exports).flatMap(([name, value]) => blanks(value, name))
    expect(found.filter((path) => !MEANT[file]?.test(path))).toEqual([])
  })
})
