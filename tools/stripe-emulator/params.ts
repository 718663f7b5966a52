// Typed reads of decoded request params, failing with Stripe's invalid_request_error wording.
import { invalidRequest, missingParam } from './errors'
import type { ParamObject, ParamValue } from './form'

export type Metadata = Record<string, string>

function at(params: ParamObject, key: string): ParamValue | undefined {
  return params[key]
}

export function optString(params: ParamObject, key: string, path = key): string | undefined {
  const value = at(params, key)
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${JSON.stringify(value)}`, path)
  return value
}

export function reqString(params: ParamObject, key: string, path = key): string {
  const value = optString(params, key, path)
  if (value === undefined || value === '') throw missingParam(path)
  return value
}

export function optInt(params: ParamObject, key: string, path = key): number | undefined {
  const value = optString(params, key, path)
  if (value === undefined || value === '') return undefined
  if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, path)
  return Number(value)
}

export function reqInt(params: ParamObject, key: string, path = key): number {
  const value = optInt(params, key, path)
  if (value === undefined) throw missingParam(path)
  return value
}

export function optNumber(params: ParamObject, key: string, path = key): number | undefined {
  const value = optString(params, key, path)
  if (value === undefined || value === '') return undefined
  if (!/^-?\d+(\.\d+)?$/.test(value)) throw invalidRequest(`Invalid decimal: ${value}`, path)
  return Number(value)
}

export function optBool(params: ParamObject, key: string, path = key): boolean | undefined {
  const value = optString(params, key, path)
  if (value === undefined || value === '') return undefined
  if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, path)
  return value === 'true'
}

/** A nested hash; an empty string means "unset" in Stripe's encoding and reads as null. */
export function optObject(params: ParamObject, key: string, path = key): ParamObject | null | undefined {
  const value = at(params, key)
  if (value === undefined) return undefined
  if (value === '') return null
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest(`Invalid hash`, path)
  return value
}

export function optArray(params: ParamObject, key: string, path = key): ParamValue[] | undefined {
  const value = at(params, key)
  if (value === undefined || value === '') return undefined
  if (!Array.isArray(value)) throw invalidRequest(`Invalid array`, path)
  return value
}

export function objectsOf(values: ParamValue[] | undefined, path: string): ParamObject[] {
  return (values ?? []).map((v, i) => {
    if (typeof v !== 'object' || Array.isArray(v)) throw invalidRequest(`Invalid hash`, `${path}[${i}]`)
    return v
  })
}

export function oneOf<T extends string>(params: ParamObject, key: string, allowed: readonly T[], path = key): T | undefined {
  const value = optString(params, key, path)
  if (value === undefined) return undefined
  if (!allowed.includes(value as T)) throw invalidRequest(`Invalid ${key}: must be one of ${allowed.join(', ')}`, path)
  return value as T
}

/** Merges metadata the way Stripe does: a key set to '' is removed, `metadata=''` clears all. */
export function mergeMetadata(current: Metadata, params: ParamObject): Metadata {
  const value = at(params, 'metadata')
  if (value === undefined) return current
  if (value === '') return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('Invalid hash', 'metadata')
  const next = { ...current }
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string') throw invalidRequest('Invalid metadata value', `metadata[${k}]`)
    if (v === '') delete next[k]
    else next[k] = v
  }
  return next
}

export function expandPaths(params: ParamObject): string[] {
  const value = at(params, 'expand')
  if (value === undefined) return []
  const list = Array.isArray(value) ? value : [value]
  return list.filter((v): v is string => typeof v === 'string')
}
