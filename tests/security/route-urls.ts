// Route files and the URLs Remix serves them at: the smoke and fuzz specs call every route the day it lands.
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const ROUTES_DIR = fileURLToPath(new URL('../../app/routes', import.meta.url))

/** A random public id (24 hex characters), for `$param` segments. */
export function randomId() {
  return randomBytes(12).toString('hex')
}

/** Splits a flat-route file name on the dots that are not escaped in `[...]`. */
function routeSegments(name: string): { raw: string; escaped: boolean }[] {
  const segments: { raw: string; escaped: boolean }[] = []
  let raw = ''
  let escaped = false
  let inBrackets = false
  for (const ch of name) {
    if (ch === '[' || ch === ']') {
      inBrackets = ch === '['
      escaped = true
      raw += ch
    } else if (ch === '.' && !inBrackets) {
      segments.push({ raw, escaped })
      raw = ''
      escaped = false
    } else raw += ch
  }
  segments.push({ raw, escaped })
  return segments
}

/**
 * The URL of a Remix v2 flat-route file: dots are slashes, `_index` and `_layout` segments add
 * nothing, a trailing `_` only opts out of layout nesting, `(x)` is optional (filled in), `$param`
 * and the `$` splat get a random id; `[...]` is literal text.
 */
export function urlPathFor(file: string): string {
  const parts: string[] = []
  for (const { raw, escaped } of routeSegments(file.replace(/\.[jt]sx?$/, ''))) {
    if (!escaped && raw.startsWith('_')) continue
    let segment = raw.replace(/^\((.*)\)$/, '$1')
    if (!segment.endsWith(']')) segment = segment.replace(/_$/, '')
    if (segment.startsWith('$')) parts.push(randomId())
    else parts.push(segment.replace(/[[\]]/g, ''))
  }
  return `/${parts.join('/')}`
}

/** The route files whose module exports `name` (loader, action), sorted; `filter` picks by file name. */
export function routeFilesExporting(name: 'loader' | 'action', filter: (file: string) => boolean): string[] {
  return readdirSync(ROUTES_DIR)
    .filter((file) => /\.[jt]sx?$/.test(file) && !/\.server\./.test(file) && filter(file))
    .filter((file) => exports(routeSource(file), name))
    .sort()
}

export function routeSource(file: string): string {
  return readFileSync(`${ROUTES_DIR}/${file}`, 'utf8')
}

/** Whether a module's source exports `name` (a function, a const, or in an export list). */
export function exports(source: string, name: string): boolean {
  return new RegExp(`export\\s+(async\\s+)?(function|const|let)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b`).test(source)
}
