// An organisation's forms (questionnaires): draft autosave, publish, clone and archive.
import { cloneName } from '#app/rules/clone-name'
import { hiddenTemplateIds, iso, likePattern, type ListSort, type Paging, setTemplateHidden } from './content-common.server'
import { normaliseItems, type FormItemInput } from './forms.schema'
import { listPublishedFormTemplates } from './form-templates.server'
import { newPublicId } from '#app/services/crypto.server'
import type { Form } from '#db/tables/content'
import { scoped, scopedInsert, scopedUpdate, type TenantScope } from '#db/tenant'
import { audited, type TenantActor } from './audit.server'
import type { BuilderHandlers } from './form-builder.server'
import { withTotal } from './list-total.server'

export type FormJson = {
  _id: string
  key: string
  name: string
  isTemplate: false
  archived: boolean
  draft_data: { items: FormItemInput[] }
  published_data: { items: FormItemInput[] } | null
  published: boolean
  createdAt: string | null
  updatedAt: string | null
}

export function toFormJson(row: Form): FormJson {
  return {
    _id: row.public_id,
    key: row.public_id,
    name: row.name,
    isTemplate: false,
    archived: !!row.archived,
    draft_data: (row.draft_data ?? { items: [] }) as FormJson['draft_data'],
    published_data: (row.published_data ?? null) as FormJson['published_data'],
    published: !!row.published_at,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }
}

export async function listForms(t: TenantScope, paging: Partial<Pick<Paging, 'archived' | 'search' | 'offset' | 'size'>> & ListSort = {}) {
  let query = scoped(t, 'forms').where('archived', '=', paging.archived ?? false)
  if (paging.search) query = query.where('name', 'like', likePattern(paging.search))
  return withTotal(
    { offset: paging.offset ?? 0, size: paging.size ?? 1000 },
    query
      .selectAll()
      .orderBy(paging.sort === 'name' ? 'name' : 'created_at', paging.dir ?? 'desc')
      .orderBy('id', paging.dir ?? 'desc')
      .limit(paging.size ?? 1000)
      .offset(paging.offset ?? 0)
      .execute(),
    () => query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  )
}

/**
 * The answer of GET /api/questionnaires (route owned by the workflows area): the organisation's forms
 * (optionally archived) and the published platform templates the workflow builder offers as modules.
 */
export async function questionnairesAnswer(t: TenantScope, opts: { archived?: boolean } = {}) {
  const [{ rows }, templates] = await Promise.all([listForms(t, { archived: opts.archived ?? false }), listPublishedFormTemplates(t.db)])
  return { status: true, questionnaires: rows.map(toFormJson), templates }
}

export async function getForm(t: TenantScope, publicId: string) {
  return scoped(t, 'forms').selectAll().where('public_id', '=', publicId).executeTakeFirst()
}

export async function createForm(t: TenantScope, input: { name: string; items?: FormItemInput[]; templateId?: number | null }) {
  const publicId = newPublicId()
  await scopedInsert(t, 'forms', {
    public_id: publicId,
    name: input.name,
    draft_data: JSON.stringify({ items: normaliseItems(input.items ?? []) }),
    template_id: input.templateId ?? null,
  }).execute()
  return (await getForm(t, publicId))!
}

export async function saveFormDraft(t: TenantScope, row: Form, items: FormItemInput[]) {
  await scopedUpdate(t, 'forms')
    .set({ draft_data: JSON.stringify({ items: normaliseItems(items) }), updated_at: new Date() })
    .where('id', '=', row.id)
    .execute()
  return (await getForm(t, row.public_id))!
}

/** Publish copies the draft into published_data (what customers fill in). */
export async function publishForm(t: TenantScope, row: Form, name?: string) {
  await scopedUpdate(t, 'forms')
    .set({ published_data: JSON.stringify(row.draft_data ?? { items: [] }), published_at: new Date(), updated_at: new Date(), ...(name ? { name } : {}) })
    .where('id', '=', row.id)
    .execute()
  return (await getForm(t, row.public_id))!
}

export async function setFormArchived(t: TenantScope, row: Form, archived: boolean) {
  await scopedUpdate(t, 'forms').set({ archived, updated_at: new Date() }).where('id', '=', row.id).execute()
}

export async function suggestedFormName(t: TenantScope, name: string) {
  const rows = await scoped(t, 'forms').select('name').where('name', 'like', likePattern(name)).execute()
  return cloneName(
    name,
    rows.map((r) => r.name),
  )
}

/** Published platform templates this organisation may clone, and the ones it hid. */
export async function sampleFormTemplates(t: TenantScope) {
  const [rows, hidden] = await Promise.all([
    t.db.selectFrom('form_templates').selectAll().where('published_at', 'is not', null).orderBy('name').execute(),
    hiddenTemplateIds(t, 'form'),
  ])
  const json = (r: (typeof rows)[number]) => ({
    _id: r.public_id,
    key: r.public_id,
    name: r.name,
    isTemplate: true as const,
    draft_data: r.published_data ?? { items: [] },
    published_data: r.published_data ?? { items: [] },
  })
  return {
    templates: rows.filter((r) => !hidden.has(r.id)).map(json),
    hiddenQuestionnairesTemplates: rows.filter((r) => hidden.has(r.id)).map(json),
  }
}

/** A sample (published platform template) by public id; organisations never see unpublished ones. */
export async function getSampleForm(t: TenantScope, publicId: string) {
  return t.db.selectFrom('form_templates').selectAll().where('public_id', '=', publicId).where('published_at', 'is not', null).executeTakeFirst()
}

/** Clone source: a sample (flag) or one of this organisation's forms. */
export async function formCloneSource(t: TenantScope, key: string, sample: boolean) {
  if (sample) {
    const row = await getSampleForm(t, key)
    return row ? { templateId: row.id, name: row.name, items: (row.published_data?.items ?? []) as FormItemInput[] } : null
  }
  const row = await getForm(t, key)
  return row ? { templateId: row.template_id, name: row.name, items: (row.draft_data?.items ?? []) as FormItemInput[] } : null
}

type Actor = TenantScope & TenantActor
const FORMS = 'QUESTIONNAIRES'

/** The form changes as the pages and JSON routes call them: each writes its audit row. */
export const formActions = {
  async create(t: Actor, request: Request, name: string) {
    return audited(t, request, { module: FORMS, action: 'CREATE', message: (row) => `Form "${row.name}" created` }, await createForm(t, { name }))
  },
  /** A new form from `from` (an own form or a sample), with `items` (the source's unless the caller sends its own). */
  async clone(t: Actor, request: Request, from: { name: string; templateId: number | null }, input: { name: string; items: FormItemInput[] }) {
    return audited(
      t,
      request,
      { module: FORMS, action: 'CLONE', message: (row) => `Form "${row.name}" cloned from "${from.name}"` },
      await createForm(t, { ...input, templateId: from.templateId }),
    )
  },
  async saveDraft(t: Actor, request: Request, row: Form, items: FormItemInput[]) {
    return audited(t, request, { module: FORMS, action: 'SAVE_DRAFT', message: `Form "${row.name}" draft saved` }, await saveFormDraft(t, row, items))
  },
  async publish(t: Actor, request: Request, row: Form, name?: string) {
    return audited(t, request, { module: FORMS, action: 'PUBLISH', message: (published) => `Form "${published.name}" published` }, await publishForm(t, row, name))
  },
  async setArchived(t: Actor, request: Request, row: Form, archived: boolean) {
    await setFormArchived(t, row, archived)
    await audited(t, request, { module: FORMS, action: archived ? 'ARCHIVE' : 'UNARCHIVE', message: `Form "${row.name}" ${archived ? 'archived' : 'restored'}` }, row)
  },
  /** Archiving a sample hides it for this organisation only. */
  async setSampleHidden(t: Actor, request: Request, sample: { id: number; name: string }, hidden: boolean) {
    await setTemplateHidden(t, 'form', sample.id, hidden)
    await audited(t, request, { module: FORMS, action: hidden ? 'HIDE_TEMPLATE' : 'SHOW_TEMPLATE', message: `Sample form "${sample.name}" ${hidden ? 'hidden' : 'shown'}` }, sample)
  },
  /** The builder page's post (see builderPost): saves the draft, publishes when asked, audits under the name the form had. */
  builder(t: Actor, request: Request, row: Form): BuilderHandlers {
    let current = row
    return {
      save: async (items) => {
        current = await saveFormDraft(t, row, items)
      },
      publish: async (name) => {
        await publishForm(t, current, name)
      },
      audit: async (action) => {
        await audited(t, request, { module: FORMS, action, message: `Form "${row.name}" ${action === 'PUBLISH' ? 'published' : 'draft saved'}` }, row)
      },
    }
  },
}
