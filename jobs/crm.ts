// crm-sync jobs (ADR 0049): make the organisation's CRM location, send a CRM user to the CRM, remove
// one from it. Failures are retried by BullMQ (attempts and backoff in app/services/queue.server.ts); a refusal the
// CRM will repeat (a 4xx) is not retried, and stays on the user row as its error.
import { type Job, UnrecoverableError } from 'bullmq'
import { deleteFromCrm, importCrmContacts, provisionCrmLocation, syncCrmUser } from '#app/models/crm.server'
import { CrmApiError } from '#app/services/crm.server'
import { platformDb, tenantForJob } from '#app/services/db.server'
import type { Payload } from './queues'

export async function crmSyncJob(job: Pick<Job<Payload<'crm-sync'>>, 'data'>): Promise<string> {
  const { clientId } = job.data
  const t = tenantForJob(clientId)
  try {
    if (job.data.op === 'provision') {
      const org = await platformDb.selectFrom('organisations').select(['public_id', 'name']).where('id', '=', clientId).executeTakeFirst()
      if (!org) return 'gone'
      await provisionCrmLocation(t, { publicId: org.public_id, name: org.name })
      await importCrmContacts(t)
      return 'provisioned'
    }
    if (job.data.op === 'delete') {
      await deleteFromCrm(t, job.data.externalId)
      return 'deleted'
    }
    const outcome = await syncCrmUser(t, job.data.userId)
    // Each successful sync also brings the CRM's contacts over as leads.
    if (outcome === 'synced') await importCrmContacts(t)
    return outcome
  } catch (error) {
    if (error instanceof CrmApiError && error.permanent) throw new UnrecoverableError(error.message)
    throw error
  }
}
