// Decodes Stripe's form encoding (`items[0][price]=x&metadata[k]=v&expand[]=y`) into nested params.
import { invalidRequest } from './errors'
export type ParamValue = string | ParamObject | ParamValue[]
export type ParamObject = { [key: string]: ParamValue }

/** Splits `a[b][0][]` into ['a', 'b', '0', '']; a key without brackets is one segment. */
export function splitKey(key: string): string[] {
  const open = key.indexOf('[')
  if (open <= 0) return [key]
  const segments = [key.slice(0, open)]
  const pattern = /\[([^\]]*)\]/g
  let match: RegExpExecArray | null
  while ((match = pattern.exec(key.slice(open)))) segments.push(match[1]!)
  return segments
}

function decodeComponent(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '))
  } catch {
    throw invalidRequest(`Invalid percent-encoding in the request: ${value.slice(0, 40)}`)
  }
}

/** Keys that would reach Object.prototype through the nested params (a request could poison the process). */
export const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype'])

/** Stripe's numeric indices and `[]` both build arrays; they arrive as objects keyed by index first. */
function arraysFromIndexedObjects(value: ParamValue): ParamValue {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.map(arraysFromIndexedObjects)
  const keys = Object.keys(value)
  const converted: ParamObject = {}
  for (const key of keys) converted[key] = arraysFromIndexedObjects(value[key]!)
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => converted[k]!)
  }
  return converted
}

/** Parses a form body or query string; later duplicates of a plain key win, `[]` keys append. */
export function decodeForm(body: string): ParamObject {
  const root: ParamObject = {}
  for (const pair of body.split('&')) {
    if (!pair) continue
    const eq = pair.indexOf('=')
    const rawKey = decodeComponent(eq < 0 ? pair : pair.slice(0, eq))
    const value = eq < 0 ? '' : decodeComponent(pair.slice(eq + 1))
    const segments = splitKey(rawKey)
    if (segments.some((segment) => FORBIDDEN_SEGMENTS.has(segment))) throw invalidRequest(`Received unknown parameter: ${rawKey}`, rawKey)
    let node: ParamObject = root
    segments.forEach((segment, i) => {
      const last = i === segments.length - 1
      let key = segment
      if (key === '') key = String(Object.keys(node).length)
      if (last) {
        node[key] = value
        return
      }
      const next = node[key]
      if (typeof next !== 'object' || next === null || Array.isArray(next)) node[key] = {}
      node = node[key] as ParamObject
    })
  }
  return arraysFromIndexedObjects(root) as ParamObject
}
