// Emits `*.updated` events with Stripe's `previous_attributes` by diffing an object before and after a change.
import type { Emulator } from './emulator'
import type { Json } from './render'

function previousAttributes(before: Json, after: Json): Json {
  const previous: Json = {}
  for (const key of Object.keys(before)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key]
  }
  return previous
}

/** Runs `change`, then emits `eventType` only when the rendered object actually changed. */
export function changeWithEvent(em: Emulator, eventType: string, render: () => Json, change: () => void, now: number): boolean {
  const before = render()
  change()
  const after = render()
  const previous = previousAttributes(before, after)
  if (Object.keys(previous).length === 0) return false
  em.emit(eventType, after, now, previous)
  return true
}
