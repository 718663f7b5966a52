// An organisation's contracts (HTML, sanitized on save and on render), clones of samples, product links.
import { cloneName } from '#app/rules/clone-name'
import { hiddenTemplateIds, iso, likePattern, type ListSort, type Paging, setTemplateHidden } from './content-common.server'
import { listContractTemplates, toContractTemplateJson } from './contract-templates.server'
import { newPublicId } from '#app/services/crypto.server'
import { sanitizeContractHtml } from '#app/services/sanitize.server'
import type { Contract } from '#db/tables/content'
import { scoped, scopedInsert, scopedUpdate, type TenantScope } from '#db/tenant'
import { audited, type TenantActor } from './audit.server'
import { withTotal } from './list-total.server'

export type ContractJson = {
  _id: string
  title: string
  content: string
  isTemplate: boolean
  archived: boolean
  packages: { _id: string; packageName: string }[]
  createdAt: string | null
  updatedAt: string | null
}

export function toContractJson(row: Contract, packages: { _id: string; packageName: string }[] = []): ContractJson {
  return {
    _id: row.public_id,
    title: row.title,
    content: sanitizeContractHtml(row.content),
    isTemplate: false,
    archived: !!row.archived,
    packages,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }
}

export async function listContracts(t: TenantScope, paging: Pick<Paging, 'archived' | 'search' | 'offset' | 'size'> & ListSort) {
  let query = scoped(t, 'contracts').where('archived', '=', paging.archived)
  if (paging.search) query = query.where('title', 'like', likePattern(paging.search))
  return withTotal(
    { offset: paging.offset, size: paging.size },
    query
      .selectAll()
      .orderBy(paging.sort === 'name' ? 'title' : 'created_at', paging.dir ?? 'desc')
      .orderBy('id', paging.dir ?? 'desc')
      .limit(paging.size)
      .offset(paging.offset)
      .execute(),
    () => query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  )
}

/** The products that use each contract (by contracts.id), for the list and the JSON `packages`. */
export async function packagesByContract(t: TenantScope, contractIds: number[]) {
  const map = new Map<number, { _id: string; packageName: string }[]>()
  if (contractIds.length === 0) return map
  const rows = await scoped(t, 'products').select(['public_id', 'name', 'contract_id']).where('contract_id', 'in', contractIds).execute()
  for (const r of rows) {
    const list = map.get(r.contract_id!) ?? []
    list.push({ _id: r.public_id, packageName: r.name })
    map.set(r.contract_id!, list)
  }
  return map
}

/** Non-archived contracts for the product editor's select. */
export async function listContractsForPicker(t: TenantScope): Promise<{ _id: string; title: string }[]> {
  const rows = await scoped(t, 'contracts').select(['public_id', 'title']).where('archived', '=', false).orderBy('title').execute()
  return rows.map((r) => ({ _id: r.public_id, title: r.title }))
}

export async function getContract(t: TenantScope, publicId: string) {
  return scoped(t, 'contracts').selectAll().where('public_id', '=', publicId).executeTakeFirst()
}

export async function createContract(t: TenantScope, input: { title: string; content: string; templateId?: number | null }) {
  const publicId = newPublicId()
  await scopedInsert(t, 'contracts', {
    public_id: publicId,
    title: input.title,
    content: sanitizeContractHtml(input.content),
    template_id: input.templateId ?? null,
  }).execute()
  return (await getContract(t, publicId))!
}

export async function updateContract(t: TenantScope, row: Contract, input: { title: string; content: string }) {
  await scopedUpdate(t, 'contracts')
    .set({ title: input.title, content: sanitizeContractHtml(input.content), updated_at: new Date() })
    .where('id', '=', row.id)
    .execute()
  return (await getContract(t, row.public_id))!
}

export async function setContractArchived(t: TenantScope, row: Contract, archived: boolean) {
  await scopedUpdate(t, 'contracts').set({ archived, updated_at: new Date() }).where('id', '=', row.id).execute()
}

/** Provider samples this organisation may clone, and the ones it chose to hide. */
export async function sampleContractTemplates(t: TenantScope) {
  const [all, hidden] = await Promise.all([listContractTemplates(), hiddenTemplateIds(t, 'contract')])
  return {
    templates: all.filter((r) => !hidden.has(r.id)).map(toContractTemplateJson),
    hiddenContractsTemplates: all.filter((r) => hidden.has(r.id)).map(toContractTemplateJson),
  }
}

/**
 * The samples the list page names: id and title only. The page shows no content, so it skips
 * sanitizing every sample's HTML (most of that page's CPU when the organisation has few contracts).
 */
export async function sampleContractNames(t: TenantScope) {
  const [all, hidden] = await Promise.all([listContractTemplates(), hiddenTemplateIds(t, 'contract')])
  return all.filter((r) => !hidden.has(r.id)).map((r) => ({ _id: r.public_id, name: r.title }))
}

/** A clone source: a provider sample (sample = true) or one of this organisation's contracts. */
export async function contractCloneSource(t: TenantScope, key: string, sample: boolean) {
  if (sample) {
    const row = await t.db.selectFrom('contract_templates').selectAll().where('public_id', '=', key).executeTakeFirst()
    return row ? { templateId: row.id, title: row.title, content: row.content } : null
  }
  const row = await getContract(t, key)
  return row ? { templateId: row.template_id, title: row.title, content: row.content } : null
}

/** The source for POST /api/contract/clone, whose templateId may name either kind. */
export async function anyContractCloneSource(t: TenantScope, key: string) {
  return (await contractCloneSource(t, key, true)) ?? (await contractCloneSource(t, key, false))
}

export async function suggestedContractName(t: TenantScope, title: string) {
  const rows = await scoped(t, 'contracts').select('title').where('title', 'like', likePattern(title)).execute()
  return cloneName(
    title,
    rows.map((r) => r.title),
  )
}

/**
 * Links a contract to a product (products.contract_id, a column of the workflows domain).
 * Both must belong to the organisation; for update-package the product must still hold oldContractId.
 */
export async function attachContractToProduct(t: TenantScope, input: { contractID: string; packageID: string; oldContractId?: string | null }) {
  const contract = await getContract(t, input.contractID)
  if (!contract) return { ok: false as const, error: 'Contract not found' }
  const product = await scoped(t, 'products').select(['id', 'contract_id']).where('public_id', '=', input.packageID).executeTakeFirst()
  if (!product) return { ok: false as const, error: 'Product not found' }
  if (input.oldContractId) {
    const old = await getContract(t, input.oldContractId)
    if (!old || product.contract_id !== old.id) return { ok: false as const, error: 'Product not found' }
  }
  await scopedUpdate(t, 'products').set({ contract_id: contract.id, updated_at: new Date() }).where('id', '=', product.id).execute()
  return { ok: true as const, contract }
}

type Actor = TenantScope & TenantActor

/** The contract changes as the pages and JSON routes call them: each writes its audit row. */
export const contractActions = {
  async create(t: Actor, request: Request, input: { title: string; content: string }) {
    return audited(t, request, { module: 'CONTRACTS', action: 'CREATE', message: (row) => `Contract "${row.title}" created` }, await createContract(t, input))
  },
  /** A new contract from `from` (an own contract or a provider sample). */
  async clone(t: Actor, request: Request, from: { title: string; templateId: number | null }, input: { title: string; content: string }) {
    return audited(
      t,
      request,
      { module: 'CONTRACTS', action: 'CLONE', message: (row) => `Contract "${row.title}" cloned from "${from.title}"` },
      await createContract(t, { ...input, templateId: from.templateId }),
    )
  },
  async update(t: Actor, request: Request, row: Contract, input: { title: string; content: string }) {
    return audited(t, request, { module: 'CONTRACTS', action: 'UPDATE', message: (updated) => `Contract "${updated.title}" updated` }, await updateContract(t, row, input))
  },
  async setArchived(t: Actor, request: Request, row: Contract, archived: boolean) {
    await setContractArchived(t, row, archived)
    await audited(t, request, { module: 'CONTRACTS', action: archived ? 'ARCHIVE' : 'UNARCHIVE', message: `Contract "${row.title}" ${archived ? 'archived' : 'restored'}` }, row)
  },
  /** Archiving a provider sample hides it for this organisation only. */
  async setSampleHidden(t: Actor, request: Request, template: { id: number; title: string }, hidden: boolean) {
    await setTemplateHidden(t, 'contract', template.id, hidden)
    await audited(
      t,
      request,
      { module: 'CONTRACTS', action: hidden ? 'HIDE_TEMPLATE' : 'SHOW_TEMPLATE', message: `Sample contract "${template.title}" ${hidden ? 'hidden' : 'shown'}` },
      template,
    )
  },
}
