// Completed tasks of an order: the last-task labels and the status percentage they give.

/** Back-office section 4: the label of the latest completed task. */
export const LAST_TASK_LABELS: Record<string, string> = {
  previous_document: 'Documents Submitted',
  final_document: 'Final Document Submitted',
  revision_process: 'Revision Process Completed',
  additional_questionnaire_submitted: 'Follow Up Questions Sent',
  additional_questionnaire: 'Follow Up Questions Answered',
  final_linkedin: 'Final Linkedin Document Submitted',
  schedule_appointment: 'Appointment Scheduling Completed',
  appointment_awaiting_writer: 'Appointment Scheduled',
  form_completed: 'Form completed',
}

export const NO_CONTRIBUTOR = 'No Contributor Assigned'

/**
 * The label of a task id; a module that comes from a published form template (any other id)
 * reads 'Form completed'. No task yet gives null.
 */
export function lastTaskLabel(taskId: string | null | undefined): string | null {
  if (!taskId) return null
  return LAST_TASK_LABELS[taskId] ?? LAST_TASK_LABELS.form_completed!
}

/** Tasks that mark progress of a module (the questionnaire sent to the customer is not a module of its own). */
export function countsTowardsProgress(taskId: string): boolean {
  return taskId !== 'additional_questionnaire_submitted' && taskId !== 'appointment_awaiting_writer'
}

/**
 * Completed modules over the order's modules, as a whole percentage (0 to 100). Only tasks that
 * name a module of the order count, each once; an order without modules is 0 until marked complete.
 */
export function statusPercentage(
  services: readonly { _id: string; serviceModules: readonly { id: string }[] }[],
  completed: readonly { serviceId: string; taskId: string }[],
): number {
  const modules = new Set(services.flatMap((s) => s.serviceModules.map((m) => `${s._id}\u0000${m.id}`)))
  if (modules.size === 0) return 0
  const done = new Set(completed.map((c) => `${c.serviceId}\u0000${c.taskId}`).filter((key) => modules.has(key)))
  return Math.min(100, Math.floor((done.size / modules.size) * 100))
}
