// Products (packages): workflows, downloadable files and a contract sold together, with their switches.
import { data } from '@remix-run/node'
import { type Selectable, sql } from 'kysely'
import { audited } from './audit.server'
import { centsToAmount } from '#app/rules/money'
import { newPublicId } from '#app/services/crypto.server'
import { redirectWithToast } from '#app/services/flash.server'
import { listContractsForPicker } from './contracts.server'
import { listDownloadablesForPicker } from './downloadables.server'
import { workflowIdsByPublicId } from './workflows.server'
import type { ProductInput } from './products.schema'
import { scoped, scopedAs, scopedDelete, scopedInsert, scopedJoin, scopedUpdate, type TenantScope } from '#db/tenant'
import { tenantTransaction } from '#db/transaction'
import type { Database } from '#db/types'
import { withTotal } from './list-total.server'

export type ProductJson = {
  _id: string
  packageName: string
  packagePrice: number
  packageServices: string[]
  packageServicesArray: { _id: string; serviceName: string; serviceType: string; archived: boolean }[]
  packageDownloadables: string[]
  packageDownloadablesArray: { _id: string; title: string }[]
  contract_id: { _id: string; title: string } | null
  description: string
  purchasable: boolean
  active: boolean
  archived: boolean
  createdAt: string
  updatedAt: string
}

const COLUMNS = ['id', 'public_id', 'name', 'price_cents', 'description', 'contract_id', 'purchasable', 'active', 'archived', 'created_at', 'updated_at'] as const
type ProductRow = Pick<Selectable<Database['products']>, (typeof COLUMNS)[number]>

/** One query per link table for the whole page of products, never one per product. */
async function hydrate(t: TenantScope, rows: ProductRow[]): Promise<ProductJson[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const services = await scopedAs(t, 'product_workflows', 'pw')
    .innerJoin('workflows as w', (j) => scopedJoin(t, 'w', j.onRef('w.id', '=', 'pw.workflow_id')))
    .select(['pw.product_id', 'w.public_id', 'w.name', 'w.service_type', 'w.archived'])
    .where('pw.product_id', 'in', ids)
    .orderBy('pw.position')
    .execute()
  const files = await scopedAs(t, 'product_downloadables', 'pd')
    .innerJoin('downloadables as d', (j) => scopedJoin(t, 'd', j.onRef('d.id', '=', 'pd.downloadable_id')))
    .select(['pd.product_id', 'd.public_id', 'd.title'])
    .where('pd.product_id', 'in', ids)
    .orderBy('pd.position')
    .execute()
  const contractIds = [...new Set(rows.map((r) => r.contract_id).filter((id): id is number => id !== null))]
  const contracts = contractIds.length ? await scoped(t, 'contracts').select(['id', 'public_id', 'title']).where('id', 'in', contractIds).execute() : []
  return rows.map((r) => {
    const mine = services.filter((s) => s.product_id === r.id)
    const myFiles = files.filter((f) => f.product_id === r.id)
    const contract = contracts.find((c) => c.id === r.contract_id)
    return {
      _id: r.public_id,
      packageName: r.name,
      packagePrice: centsToAmount(Number(r.price_cents)),
      packageServices: mine.map((s) => s.public_id),
      packageServicesArray: mine.map((s) => ({ _id: s.public_id, serviceName: s.name, serviceType: s.service_type, archived: !!s.archived })),
      packageDownloadables: myFiles.map((f) => f.public_id),
      packageDownloadablesArray: myFiles.map((f) => ({ _id: f.public_id, title: f.title })),
      contract_id: contract ? { _id: contract.public_id, title: contract.title } : null,
      description: r.description ?? '',
      purchasable: !!r.purchasable,
      active: !!r.active,
      archived: !!r.archived,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    }
  })
}

export type ProductListOptions = { archived?: boolean; page?: number; size?: number; search?: string; activeOnly?: boolean }

export async function listProducts(t: TenantScope, opts: ProductListOptions = {}) {
  let query = scoped(t, 'products')
  if (!opts.archived) query = query.where('archived', '=', false)
  if (opts.activeOnly) query = query.where('active', '=', true)
  const search = opts.search?.trim()
  if (search) query = query.where('name', 'like', `%${search.replace(/[\\%_]/g, '\\$&')}%`)
  const offset = opts.size ? Math.max(0, (opts.page ?? 1) - 1) * opts.size : 0
  let page = query.select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc')
  if (opts.size) page = page.limit(opts.size).offset(offset)
  const { rows, count } = await withTotal({ offset, size: opts.size || undefined }, page.execute(), () => query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())
  return { products: await hydrate(t, rows), count }
}

/** For order creation: products that can be sold now. */
export async function listActiveProducts(t: TenantScope) {
  return (await listProducts(t, { activeOnly: true })).products
}

export async function getProduct(t: TenantScope, publicId: string): Promise<ProductJson | null> {
  const row = await scoped(t, 'products').select(COLUMNS).where('public_id', '=', publicId).executeTakeFirst()
  return row ? ((await hydrate(t, [row]))[0] ?? null) : null
}

export type ProductSaveResult = { ok: true; product: ProductJson } | { ok: false; status: number; error: string }

/** Every referenced id must name a row of this organisation; the links are written only then. */
async function resolveLinks(
  t: TenantScope,
  input: ProductInput,
  keep: { workflows: string[]; files: string[]; contract: string | null } = { workflows: [], files: [], contract: null },
) {
  const workflows = await workflowIdsByPublicId(t, input.packageServices)
  const usable = workflows.filter((w) => !w.archived || keep.workflows.includes(w.public_id))
  if (usable.length !== input.packageServices.length) return { error: 'Workflow not found' } as const
  const files = input.packageDownloadables.length
    ? await scoped(t, 'downloadables').select(['id', 'public_id', 'archived']).where('public_id', 'in', input.packageDownloadables).execute()
    : []
  if (files.filter((f) => !f.archived || keep.files.includes(f.public_id)).length !== input.packageDownloadables.length) return { error: 'File not found' } as const
  let contractId: number | null = null
  if (input.contractID) {
    const contract = await scoped(t, 'contracts').select(['id', 'public_id', 'archived']).where('public_id', '=', input.contractID).executeTakeFirst()
    if (!contract || (contract.archived && keep.contract !== contract.public_id)) return { error: 'Contract not found' } as const
    contractId = contract.id
  }
  const order = (list: { id: number; public_id: string }[], wanted: string[]) => wanted.map((p) => list.find((x) => x.public_id === p)!.id)
  return { workflowIds: order(usable, input.packageServices), fileIds: order(files, input.packageDownloadables), contractId } as const
}

async function writeLinks(t: TenantScope, productId: number, workflowIds: number[], fileIds: number[]) {
  await scopedDelete(t, 'product_workflows').where('product_id', '=', productId).execute()
  await scopedDelete(t, 'product_downloadables').where('product_id', '=', productId).execute()
  if (workflowIds.length)
    await scopedInsert(
      t,
      'product_workflows',
      workflowIds.map((id, position) => ({ product_id: productId, workflow_id: id, position })),
    ).execute()
  if (fileIds.length)
    await scopedInsert(
      t,
      'product_downloadables',
      fileIds.map((id, position) => ({ product_id: productId, downloadable_id: id, position })),
    ).execute()
}

const toCents = (amount: number) => Math.round(amount * 100)

export async function createProduct(t: TenantScope, input: ProductInput): Promise<ProductSaveResult> {
  const links = await resolveLinks(t, input)
  if ('error' in links) return { ok: false, status: 400, error: links.error! }
  const publicId = newPublicId()
  await tenantTransaction(t, async (tx) => {
    const result = await scopedInsert(tx, 'products', {
      public_id: publicId,
      name: input.packageName,
      price_cents: toCents(input.packagePrice),
      contract_id: links.contractId,
      purchasable: input.purchasable,
      description: input.description || null,
    }).executeTakeFirstOrThrow()
    await writeLinks(tx, Number(result.insertId), links.workflowIds, links.fileIds)
  })
  return { ok: true, product: (await getProduct(t, publicId))! }
}

export async function updateProduct(t: TenantScope, publicId: string, input: ProductInput): Promise<ProductSaveResult> {
  const row = await scoped(t, 'products').select(['id']).where('public_id', '=', publicId).executeTakeFirst()
  const current = row ? await getProduct(t, publicId) : null
  if (!row || !current) return { ok: false, status: 404, error: 'Product not found' }
  const links = await resolveLinks(t, input, { workflows: current.packageServices, files: current.packageDownloadables, contract: current.contract_id?._id ?? null })
  if ('error' in links) return { ok: false, status: 400, error: links.error! }
  await tenantTransaction(t, async (tx) => {
    await scopedUpdate(tx, 'products')
      .set({
        name: input.packageName,
        price_cents: toCents(input.packagePrice),
        contract_id: links.contractId,
        purchasable: input.purchasable,
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        updated_at: sql<Date>`CURRENT_TIMESTAMP(3)`,
      })
      .where('id', '=', row.id)
      .execute()
    await writeLinks(tx, row.id, links.workflowIds, links.fileIds)
  })
  return { ok: true, product: (await getProduct(t, publicId))! }
}

export type ProductFlag = 'active' | 'purchasable' | 'archived'

/** Flips one switch of a product of this organisation; null when it is not ours. */
export async function setProductFlag(t: TenantScope, publicId: string, flag: ProductFlag, value: boolean): Promise<ProductJson | null> {
  const row = await scoped(t, 'products').select('id').where('public_id', '=', publicId).executeTakeFirst()
  if (!row) return null
  await scopedUpdate(t, 'products')
    .set({ [flag]: value, updated_at: sql<Date>`CURRENT_TIMESTAMP(3)` } as never)
    .where('id', '=', row.id)
    .execute()
  return getProduct(t, publicId)
}

/** Public links of a product: checkout, and add-to-cart with the organisation's redirect. */
export function productLinks(host: string, productId: string, redirectTo: string) {
  return {
    checkout: `${host}/checkout?item=${encodeURIComponent(productId)}`,
    addToCart: `${host}/cart?addItem=${encodeURIComponent(productId)}&redirectTo=${encodeURIComponent(redirectTo)}`,
  }
}

type Actor = TenantScope & { user: { id: number; firstName: string; lastName: string; role: string } }

const FLAG_MESSAGES: Record<ProductFlag, [string, string]> = {
  active: ['Activated', 'Deactivated'],
  purchasable: ['Made purchasable', 'Made not purchasable'],
  archived: ['Archived', 'Unarchived'],
}

/** The mutations as routes call them: each writes its audit row, success or refusal. */
export const productActions = {
  async create(t: Actor, request: Request, input: ProductInput) {
    const result = await createProduct(t, input)
    return audited(
      t,
      request,
      { module: 'products', action: 'create', message: result.ok ? `Created product "${input.packageName}" (${result.product._id})` : `Product not created: ${result.error}` },
      result,
    )
  },
  async update(t: Actor, request: Request, publicId: string, input: ProductInput) {
    const result = await updateProduct(t, publicId, input)
    return audited(
      t,
      request,
      { module: 'products', action: 'update', message: result.ok ? `Updated product "${input.packageName}" (${publicId})` : `Product ${publicId} not updated: ${result.error}` },
      result,
    )
  },
  async setFlag(t: Actor, request: Request, publicId: string, flag: ProductFlag, value: boolean) {
    const product = await setProductFlag(t, publicId, flag, value)
    const [on, off] = FLAG_MESSAGES[flag]
    return audited(
      t,
      request,
      {
        module: 'products',
        action: flag === 'active' ? (value ? 'activate' : 'deactivate') : flag === 'archived' ? (value ? 'archive' : 'unarchive') : 'purchasable',
        message: product ? `${value ? on : off} product "${product.packageName}" (${publicId})` : `Product ${publicId} not found`,
      },
      product,
    )
  },
}

/** The form's choices: live workflows, files and contracts, plus archived ones the product already uses. */
export async function productFormOptions(t: TenantScope, product?: ProductJson | null) {
  const workflows = await scoped(t, 'workflows').select(['public_id', 'name', 'service_type', 'archived']).orderBy('created_at', 'desc').orderBy('id', 'desc').execute()
  const files = await listDownloadablesForPicker(t)
  const contracts = await listContractsForPicker(t)
  const linkedFiles = (product?.packageDownloadablesArray ?? []).filter((f) => !files.some((x) => x._id === f._id))
  const linkedContract = product?.contract_id && !contracts.some((c) => c._id === product.contract_id!._id) ? [product.contract_id] : []
  return {
    workflows: workflows
      .filter((w) => !w.archived || (product?.packageServices ?? []).includes(w.public_id))
      .map((w) => ({ _id: w.public_id, serviceName: w.name, serviceType: w.service_type })),
    files: [...files, ...linkedFiles],
    contracts: [...contracts, ...linkedContract],
  }
}

/** The product pages' answer to a save: back to /products/view, or the error with what was sent. */
export async function productSaveAnswer(request: Request, saved: ProductSaveResult, submitted: unknown) {
  if (!saved.ok) return data({ formError: saved.error, repopulateFields: submitted }, { status: saved.status })
  return redirectWithToast(request, '/products/view', 'Saved Successfully!')
}
