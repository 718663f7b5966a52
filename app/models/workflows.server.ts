// Workflows (services): the organisation's module boards with their reminders, and the form modules they may use.
import { type Selectable, sql } from 'kysely'
import { audited } from './audit.server'
import { newPublicId } from '#app/services/crypto.server'
import { renumber } from '#app/rules/reminders'
import { moduleProblems, type ServiceType, showsBell } from '#app/rules/workflow-modules'
import type { ServiceModuleInput } from './workflows.schema'
import type { StoredModule } from '#db/tables/workflows'
import { scoped, scopedInsert, scopedUpdate, type TenantScope } from '#db/tenant'
import type { Database } from '#db/types'
import { withTotal } from './list-total.server'

export type ServiceJson = {
  _id: string
  serviceName: string
  serviceType: ServiceType
  serviceModules: StoredModule[]
  archived: boolean
  createdAt: string
  updatedAt: string
}

function toJson(row: Row): ServiceJson {
  return {
    _id: row.public_id,
    serviceName: row.name,
    serviceType: row.service_type as ServiceType,
    serviceModules: row.modules ?? [],
    archived: !!row.archived,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  }
}

const COLUMNS = ['public_id', 'name', 'service_type', 'modules', 'archived', 'created_at', 'updated_at'] as const
type Row = Pick<Selectable<Database['workflows']>, (typeof COLUMNS)[number]>

export type ListOptions = { archived?: boolean; page?: number; size?: number; search?: string }

/** Archived workflows join the list only when asked for; newest first, paged on the server. */
export async function listWorkflows(t: TenantScope, opts: ListOptions = {}) {
  let query = scoped(t, 'workflows')
  if (!opts.archived) query = query.where('archived', '=', false)
  const search = opts.search?.trim()
  if (search) query = query.where('name', 'like', `%${search.replace(/[\\%_]/g, '\\$&')}%`)
  const offset = opts.size ? Math.max(0, (opts.page ?? 1) - 1) * opts.size : 0
  let page = query.select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc')
  if (opts.size) page = page.limit(opts.size).offset(offset)
  const { rows, count } = await withTotal({ offset, size: opts.size || undefined }, page.execute(), () => query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())
  return { services: rows.map(toJson), count }
}

export async function getWorkflow(t: TenantScope, publicId: string): Promise<ServiceJson | null> {
  const row = await scoped(t, 'workflows').select(COLUMNS).where('public_id', '=', publicId).executeTakeFirst()
  return row ? toJson(row) : null
}

/** Modules from forms: the organisation's published forms, then the platform's published form templates. */
export async function listFormModules(t: TenantScope): Promise<{ id: string; title: string }[]> {
  const forms = await scoped(t, 'forms').select(['public_id', 'name']).where('archived', '=', false).where('published_at', 'is not', null).orderBy('name').execute()
  const templates = await t.db.selectFrom('form_templates').select(['public_id', 'name']).where('published_at', 'is not', null).orderBy('name').execute()
  return [...forms, ...templates].map((f) => ({ id: f.public_id, title: f.name }))
}

export type SaveResult = { ok: true; id: string } | { ok: false; error: string; status: number }

/** Reminders are renumbered 1..n; modules that take none (on typed workflows) lose any that were sent. */
function normalise(type: ServiceType, modules: ServiceModuleInput[]): StoredModule[] {
  return modules.map((m) => ({
    id: m.id,
    title: m.title.trim(),
    reminders: showsBell(type, m.id)
      ? renumber(m.reminders.map((r) => ({ id: r.id, num: 0, numberOfDays: r.numberOfDays, email: { subject: r.email.subject.trim(), body: r.email.body } })))
      : [],
  }))
}

async function checkModules(t: TenantScope, type: ServiceType, modules: ServiceModuleInput[], kept: string[] = []): Promise<string | null> {
  const formIds = [...(await listFormModules(t)).map((f) => f.id), ...kept]
  return moduleProblems(
    type,
    modules.map((m) => m.id),
    formIds,
  )
}

export async function createWorkflow(t: TenantScope, input: { serviceName: string; serviceType: ServiceType; serviceModules: ServiceModuleInput[] }): Promise<SaveResult> {
  const problem = await checkModules(t, input.serviceType, input.serviceModules)
  if (problem) return { ok: false, error: problem, status: 400 }
  const id = newPublicId()
  await scopedInsert(t, 'workflows', {
    public_id: id,
    name: input.serviceName.trim(),
    service_type: input.serviceType,
    modules: JSON.stringify(normalise(input.serviceType, input.serviceModules)),
  }).execute()
  return { ok: true, id }
}

export async function updateWorkflow(t: TenantScope, publicId: string, input: { serviceName: string; serviceModules: ServiceModuleInput[] }): Promise<SaveResult> {
  const current = await getWorkflow(t, publicId)
  if (!current) return { ok: false, error: 'Workflow not found', status: 404 }
  // A form unpublished since the workflow was built may stay where it is.
  const problem = await checkModules(
    t,
    current.serviceType,
    input.serviceModules,
    current.serviceModules.map((m) => m.id),
  )
  if (problem) return { ok: false, error: problem, status: 400 }
  await scopedUpdate(t, 'workflows')
    .set({
      name: input.serviceName.trim(),
      modules: JSON.stringify(normalise(current.serviceType, input.serviceModules)),
      updated_at: sql<Date>`CURRENT_TIMESTAMP(3)`,
    })
    .where('public_id', '=', publicId)
    .execute()
  return { ok: true, id: publicId }
}

export async function setWorkflowArchived(t: TenantScope, publicId: string, archived: boolean): Promise<ServiceJson | null> {
  const row = await scoped(t, 'workflows').select('id').where('public_id', '=', publicId).executeTakeFirst()
  if (!row) return null
  await scopedUpdate(t, 'workflows')
    .set({ archived, updated_at: sql<Date>`CURRENT_TIMESTAMP(3)` })
    .where('id', '=', row.id)
    .execute()
  return getWorkflow(t, publicId)
}

/** Workflows a product may list: by public id, inside the organisation. */
export async function workflowIdsByPublicId(t: TenantScope, publicIds: string[]) {
  if (publicIds.length === 0) return []
  return scoped(t, 'workflows').select(['id', 'public_id', 'archived']).where('public_id', 'in', publicIds).execute()
}

type Actor = TenantScope & { user: { id: number; firstName: string; lastName: string; role: string } }

/** The mutations as routes call them: each writes its audit row, success or refusal. */
export const workflowActions = {
  async create(t: Actor, request: Request, input: Parameters<typeof createWorkflow>[1]) {
    const result = await createWorkflow(t, input)
    return audited(
      t,
      request,
      { module: 'workflows', action: 'create', message: result.ok ? `Created workflow "${input.serviceName}" (${result.id})` : `Workflow not created: ${result.error}` },
      result,
    )
  },
  async update(t: Actor, request: Request, publicId: string, input: Parameters<typeof updateWorkflow>[2]) {
    const result = await updateWorkflow(t, publicId, input)
    return audited(
      t,
      request,
      { module: 'workflows', action: 'update', message: result.ok ? `Updated workflow "${input.serviceName}" (${publicId})` : `Workflow ${publicId} not updated: ${result.error}` },
      result,
    )
  },
  async archive(t: Actor, request: Request, publicId: string, archived: boolean) {
    const service = await setWorkflowArchived(t, publicId, archived)
    return audited(
      t,
      request,
      {
        module: 'workflows',
        action: archived ? 'archive' : 'unarchive',
        message: service ? `${archived ? 'Archived' : 'Unarchived'} workflow "${service.serviceName}" (${publicId})` : `Workflow ${publicId} not found`,
      },
      service,
    )
  },
}
