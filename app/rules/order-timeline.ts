// The customer's view of an order's workflow (issue 25, ADR 0060): each module done, next or later, who it waits on, and the order's "waiting on".
import { isSystemModule } from './workflow-modules'

/** System modules whose work is the customer's: documents to upload, follow-up questions to answer, an appointment to pick. */
export const CUSTOMER_WORK_MODULES = ['previous_document', 'additional_questionnaire', 'schedule_appointment'] as const

export type ModuleState = 'done' | 'next' | 'later'
export type WaitingOn = 'you' | 'team' | 'nobody'

export type TimelineModule = { id: string; serviceId: string; title: string; state: ModuleState; waitsOn: Exclude<WaitingOn, 'nobody'> }

type Services = readonly { _id: string; serviceModules: readonly { id: string; title: string }[] }[]
type Completed = readonly { serviceId: string; taskId: string }[]

/** Customer work: the three system modules above and every published form (any module id that is not a system module). */
export function isCustomerWork(moduleId: string): boolean {
  return (CUSTOMER_WORK_MODULES as readonly string[]).includes(moduleId) || !isSystemModule(moduleId)
}

/**
 * The modules in workflow order (workflow by workflow, as the order's snapshot lists them). A module is done
 * when its task was completed in that workflow; the first one not done is next, the rest later. An order the
 * team marked complete has every module done, whatever tasks were recorded.
 */
export function orderTimeline(services: Services, completed: Completed, markedComplete = false): TimelineModule[] {
  const done = new Set(completed.map((c) => `${c.serviceId}\u0000${c.taskId}`))
  let nextGiven = false
  return services.flatMap((s) =>
    s.serviceModules.map((m) => {
      let state: ModuleState = 'later'
      if (markedComplete || done.has(`${s._id}\u0000${m.id}`)) state = 'done'
      else if (!nextGiven) {
        state = 'next'
        nextGiven = true
      }
      // Follow-up questions wait on the team until it has sent them (the task additional_questionnaire_submitted, ADR 0061).
      const unsent = m.id === 'additional_questionnaire' && state !== 'done' && !done.has(`${s._id}\u0000additional_questionnaire_submitted`)
      return { id: m.id, serviceId: s._id, title: m.title, state, waitsOn: isCustomerWork(m.id) && !unsent ? ('you' as const) : ('team' as const) }
    }),
  )
}

/** Whom the order waits on: the next module's party; nobody once every module is done (or there are none). */
export function waitingOn(timeline: readonly TimelineModule[]): WaitingOn {
  return timeline.find((m) => m.state === 'next')?.waitsOn ?? 'nobody'
}

export const WAITING_ON_TEXT: Record<WaitingOn, string> = {
  you: 'Waiting on you',
  team: 'Waiting on the team',
  nobody: 'Nothing waiting',
}

/** How customers know a contributor: the customer-facing name the organisation chose, else their own name. */
export function customerFacingName(person: { customerFacingName: string | null; firstName: string; lastName: string }): string {
  return person.customerFacingName?.trim() || `${person.firstName} ${person.lastName}`.trim()
}
