// The workflow board as data: reading a posted (or half-edited) board and applying one edit to it.
// Shared by the browser (drag and drop, buttons) and the server (the same buttons without JavaScript).
import { addReminder, type Reminder, removeReminder } from './reminders'
import { insertItem, moveItem, type PaletteModule } from './workflow-modules'

export type BoardModule = { id: string; title: string; reminders: Reminder[] }
export type Board = { serviceName: string; serviceModules: BoardModule[] }

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')
const items = (v: unknown): unknown[] => (Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v) : [])

/** A board from whatever was posted: missing parts become empty, numbers stay as typed. */
export function boardFrom(data: unknown): Board {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>
  return {
    serviceName: str(d.serviceName),
    serviceModules: items(d.serviceModules)
      .filter((m): m is Record<string, unknown> => !!m && typeof m === 'object' && !!str((m as Record<string, unknown>).id))
      .map((m) => ({
        id: str(m.id),
        title: str(m.title),
        reminders: items(m.reminders)
          .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object')
          .map((r, i) => {
            const email = (r.email && typeof r.email === 'object' ? r.email : {}) as Record<string, unknown>
            const days = Number(str(r.numberOfDays))
            return { id: str(r.id) || `r${i + 1}`, num: i + 1, numberOfDays: Number.isFinite(days) ? days : 0, email: { subject: str(email.subject), body: str(email.body) } }
          }),
      })),
  }
}

export type BoardEdit =
  | { kind: 'add'; moduleId: string; at?: number }
  | { kind: 'remove'; index: number }
  | { kind: 'move'; from: number; to: number }
  | { kind: 'addReminder'; index: number }
  | { kind: 'removeReminder'; index: number; reminderId: string }

/** The submit buttons' values: add:<id>, remove:<i>, up:<i>, down:<i>, addReminder:<i>, removeReminder:<i>:<reminderId>. */
export function parseBoardEdit(value: string): BoardEdit | null {
  const [kind, a = '', b = ''] = value.split(':')
  const index = Number(a)
  switch (kind) {
    case 'add':
      return a ? { kind: 'add', moduleId: a } : null
    case 'remove':
      return Number.isInteger(index) ? { kind: 'remove', index } : null
    case 'up':
      return Number.isInteger(index) ? { kind: 'move', from: index, to: index - 1 } : null
    case 'down':
      return Number.isInteger(index) ? { kind: 'move', from: index, to: index + 1 } : null
    case 'addReminder':
      return Number.isInteger(index) ? { kind: 'addReminder', index } : null
    case 'removeReminder':
      return Number.isInteger(index) && b ? { kind: 'removeReminder', index, reminderId: b } : null
    default:
      return null
  }
}

/** One edit; unknown modules and out-of-range indexes leave the board as it was. */
export function applyBoardEdit(modules: BoardModule[], edit: BoardEdit, available: readonly PaletteModule[], newId: () => string): BoardModule[] {
  switch (edit.kind) {
    case 'add': {
      const mod = available.find((m) => m.id === edit.moduleId)
      if (!mod || modules.some((m) => m.id === mod.id)) return modules
      return insertItem(modules, { id: mod.id, title: mod.title, reminders: [] }, edit.at ?? modules.length)
    }
    case 'remove':
      return modules.filter((_, i) => i !== edit.index)
    case 'move':
      return moveItem(modules, edit.from, edit.to)
    case 'addReminder':
      return modules.map((m, i) => (i === edit.index ? { ...m, reminders: addReminder(m.reminders, newId()) } : m))
    case 'removeReminder':
      return modules.map((m, i) => (i === edit.index ? { ...m, reminders: removeReminder(m.reminders, edit.reminderId) } : m))
  }
}

export function reminderIdFactory(): () => string {
  return () => Math.random().toString(36).slice(2, 10)
}
