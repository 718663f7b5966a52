// The platform's form templates: edited by platform staff, published ones become workflow modules and clone sources.
import { cloneName } from '#app/rules/clone-name'
import { iso, likePattern } from './content-common.server'
import { normaliseItems, type FormItemInput } from './forms.schema'
import { newPublicId } from '#app/services/crypto.server'
import { db } from '#app/services/db.server'
import type { Database } from '#db/types'
import type { FormContent, FormTemplatesTable } from '#db/tables/content'
import type { Kysely, Selectable } from 'kysely'
import { withTotal } from './list-total.server'

type Row = Selectable<FormTemplatesTable>

export type FormTemplateJson = {
  _id: string
  key: string
  name: string
  isTemplate: true
  draft_data: FormContent
  published_data: FormContent | null
  published: boolean
  createdAt: string | null
  updatedAt: string | null
}

export function toFormTemplateJson(row: Row): FormTemplateJson {
  return {
    _id: row.public_id,
    key: row.public_id,
    name: row.name,
    isTemplate: true,
    draft_data: row.draft_data ?? { items: [] },
    published_data: row.published_data ?? null,
    published: !!row.published_at,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }
}

/** Published templates as workflow modules: {_id, name, published_data}. */
export async function listPublishedFormTemplates(database: Kysely<Database> = db) {
  const rows = await database.selectFrom('form_templates').select(['public_id', 'name', 'published_data']).where('published_at', 'is not', null).orderBy('name').execute()
  return rows.map((r) => ({ _id: r.public_id, name: r.name, published_data: r.published_data ?? { items: [] } }))
}

export async function listFormTemplates(opts: { offset?: number; size?: number; search?: string } = {}) {
  let query = db.selectFrom('form_templates')
  if (opts.search) query = query.where('name', 'like', likePattern(opts.search))
  return withTotal(
    { offset: opts.offset ?? 0, size: opts.size ?? 1000 },
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(opts.size ?? 1000)
      .offset(opts.offset ?? 0)
      .execute(),
    () => query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  )
}

export async function getFormTemplate(publicId: string) {
  return db.selectFrom('form_templates').selectAll().where('public_id', '=', publicId).executeTakeFirst()
}

export async function createFormTemplate(input: { name: string; items?: FormItemInput[] }) {
  const publicId = newPublicId()
  await db
    .insertInto('form_templates')
    .values({ public_id: publicId, name: input.name, draft_data: JSON.stringify({ items: normaliseItems(input.items ?? []) }) })
    .execute()
  return (await getFormTemplate(publicId))!
}

export async function saveFormTemplateDraft(row: Row, items: FormItemInput[]) {
  await db
    .updateTable('form_templates')
    .set({ draft_data: JSON.stringify({ items: normaliseItems(items) }), updated_at: new Date() })
    .where('id', '=', row.id)
    .execute()
  return (await getFormTemplate(row.public_id))!
}

export async function publishFormTemplate(row: Row, name?: string) {
  await db
    .updateTable('form_templates')
    .set({ published_data: JSON.stringify(row.draft_data ?? { items: [] }), published_at: new Date(), updated_at: new Date(), ...(name ? { name } : {}) })
    .where('id', '=', row.id)
    .execute()
  return (await getFormTemplate(row.public_id))!
}

export async function suggestedTemplateName(name: string) {
  const rows = await db.selectFrom('form_templates').select('name').where('name', 'like', likePattern(name)).execute()
  return cloneName(
    name,
    rows.map((r) => r.name),
  )
}

/** The template's items a clone starts from: the published version if there is one. */
export function templateItems(row: Row): FormItemInput[] {
  return (row.published_data ?? row.draft_data ?? { items: [] }).items as FormItemInput[]
}
