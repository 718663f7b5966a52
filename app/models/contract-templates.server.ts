// The platform's contract templates: the provider samples every organisation can clone (read-only to them).
import type { Selectable } from 'kysely'
import type { Database } from '#db/types'
import { iso } from './content-common.server'
import { newPublicId } from '#app/services/crypto.server'
import { db } from '#app/services/db.server'
import { sanitizeContractHtml } from '#app/services/sanitize.server'

export type ContractTemplateJson = { _id: string; title: string; content: string; isTemplate: true; createdAt: string | null; updatedAt: string | null }

type Row = Pick<Selectable<Database['contract_templates']>, 'public_id' | 'title' | 'content' | 'created_at' | 'updated_at'>

export function toContractTemplateJson(row: Row): ContractTemplateJson {
  return {
    _id: row.public_id,
    title: row.title,
    content: sanitizeContractHtml(row.content),
    isTemplate: true,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }
}

export async function listContractTemplates() {
  return db.selectFrom('contract_templates').selectAll().orderBy('title').orderBy('id').execute()
}

export async function getContractTemplate(publicId: string) {
  return db.selectFrom('contract_templates').selectAll().where('public_id', '=', publicId).executeTakeFirst()
}

export async function createContractTemplate(input: { title: string; content: string }) {
  const publicId = newPublicId()
  await db
    .insertInto('contract_templates')
    .values({ public_id: publicId, title: input.title, content: sanitizeContractHtml(input.content) })
    .execute()
  return (await getContractTemplate(publicId))!
}

export async function updateContractTemplate(publicId: string, input: { title: string; content: string }) {
  if (!(await getContractTemplate(publicId))) return null
  await db
    .updateTable('contract_templates')
    .set({ title: input.title, content: sanitizeContractHtml(input.content), updated_at: new Date() })
    .where('public_id', '=', publicId)
    .execute()
  return (await getContractTemplate(publicId))!
}
