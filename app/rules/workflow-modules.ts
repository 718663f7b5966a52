// Workflow modules: the fixed system modules, which workflow type offers which, and the board moves.
import { hasReminderBell } from './reminders'

export const SERVICE_TYPES = ['resume', 'cover', 'linkedin', 'custom'] as const
export type ServiceType = (typeof SERVICE_TYPES)[number]

export const SYSTEM_MODULES = {
  previous_document: 'Upload Documents',
  additional_questionnaire: 'Follow Up Questions',
  revision_process: 'Revision Process',
  final_document: 'Final Document',
  schedule_appointment: 'Schedule Appointment',
  final_linkedin: 'Final Linkedin Document',
} as const
export type SystemModuleId = keyof typeof SYSTEM_MODULES

const SYSTEM_FOR_TYPE: Record<ServiceType, SystemModuleId[]> = {
  resume: ['previous_document', 'additional_questionnaire', 'revision_process', 'final_document', 'schedule_appointment'],
  cover: ['previous_document', 'additional_questionnaire', 'revision_process', 'final_document', 'schedule_appointment'],
  // The LinkedIn workflow has no follow-up questions and delivers its own final document.
  linkedin: ['previous_document', 'revision_process', 'final_linkedin', 'schedule_appointment'],
  custom: ['previous_document', 'additional_questionnaire', 'revision_process', 'final_document', 'schedule_appointment'],
}

export const CREATE_TITLES: Record<ServiceType, string> = {
  resume: 'Add New Resume Writing Workflow',
  cover: 'Add New Cover Letter Workflow',
  linkedin: 'Add New Linkedin Profile Development Workflow',
  custom: 'Add New Workflow',
}

export const TYPE_LABELS: Record<ServiceType, string> = {
  resume: 'Resume Writing',
  cover: 'Cover Letter',
  linkedin: 'Linkedin Profile Development',
  custom: 'Custom',
}

export const WORKFLOW_NAME_REQUIRED = 'Enter Workflow Name'
export const MODULE_REQUIRED = 'Drag at least one module in Workflow column'
export const TITLE_REQUIRED = "Title can't be empty"
export const MODULE_NOT_AVAILABLE = 'This module is not available for this workflow'
export const MODULE_REPEATED = 'A module can be added only once'

export function isServiceType(value: unknown): value is ServiceType {
  return (SERVICE_TYPES as readonly unknown[]).includes(value)
}

export function isSystemModule(id: string): id is SystemModuleId {
  return Object.hasOwn(SYSTEM_MODULES, id)
}

/** A module the palette can offer: a system module or a published form (by its public id). */
export type PaletteModule = { id: string; title: string; kind: 'system' | 'form' }

export function systemModulesFor(type: ServiceType): PaletteModule[] {
  return SYSTEM_FOR_TYPE[type].map((id) => ({ id, title: SYSTEM_MODULES[id], kind: 'system' as const }))
}

/**
 * What a new board starts with in its Workflow column: the typed pages come with their system
 * modules already placed (so the palette omits them); the custom page starts empty.
 */
export function defaultModulesFor(type: ServiceType): { id: string; title: string; reminders: [] }[] {
  if (type === 'custom') return []
  return systemModulesFor(type).map((m) => ({ id: m.id, title: m.title, reminders: [] }))
}

/** Everything a workflow of this type may contain, system modules first. */
export function availableModules(type: ServiceType, forms: readonly { id: string; title: string }[]): PaletteModule[] {
  return [...systemModulesFor(type), ...forms.map((f) => ({ id: f.id, title: f.title, kind: 'form' as const }))]
}

/** The custom page shows a bell on every module; the typed pages only where reminders apply. */
export function showsBell(type: ServiceType, moduleId: string): boolean {
  return type === 'custom' || hasReminderBell(moduleId)
}

/** The core delivery steps keep their names; the other modules may be renamed per workflow. */
export function isRenamable(moduleId: string): boolean {
  return !['revision_process', 'final_document', 'final_linkedin'].includes(moduleId)
}

/** The original label of a module, shown as 'old title' once it is renamed. */
export function originalTitle(moduleId: string, forms: readonly { id: string; title: string }[]): string | null {
  if (isSystemModule(moduleId)) return SYSTEM_MODULES[moduleId]
  return forms.find((f) => f.id === moduleId)?.title ?? null
}

/** Ids the workflow uses that its type does not offer, and ids used twice. */
export function moduleProblems(type: ServiceType, moduleIds: readonly string[], formIds: readonly string[]): string | null {
  const allowed = new Set([...SYSTEM_FOR_TYPE[type], ...formIds])
  if (moduleIds.some((id) => !allowed.has(id))) return MODULE_NOT_AVAILABLE
  if (new Set(moduleIds).size !== moduleIds.length) return MODULE_REPEATED
  return null
}

/** The palette: what is available and not already in the Workflow column. */
export function paletteFor(available: readonly PaletteModule[], chosenIds: readonly string[]): PaletteModule[] {
  const chosen = new Set(chosenIds)
  return available.filter((m) => !chosen.has(m.id))
}

/** Moves item `from` to index `to` (clamped), keeping the others in order. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length) return [...items]
  // Stryker disable next-line ArithmeticOperator: splice at or past the end appends either way
  const target = Math.max(0, Math.min(items.length - 1, to))
  const out = [...items]
  const [item] = out.splice(from, 1)
  out.splice(target, 0, item!)
  return out
}

export function insertItem<T>(items: readonly T[], item: T, at = items.length): T[] {
  const out = [...items]
  out.splice(Math.max(0, Math.min(items.length, at)), 0, item)
  return out
}
