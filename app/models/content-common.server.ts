// Shared by the content screens: page/size parsing per the spec's table sizes, flash toasts, hidden samples.
import { parseTableQuery } from '#app/rules/table-query'
import { auditAction, recordAudit } from './audit.server'
import { notFound } from '#app/services/http.server'
import { scoped, scopedInsert, scopedDelete, type TenantScope } from '#db/tenant'
import { LIST_SIZES } from './content.schema'

export { COUPON_SIZES, LIST_SIZES } from './content.schema'

/** Sortable columns of the content lists: name (title) or created date. */
export type ListSort = { sort?: 'name' | 'createdAt'; dir?: 'asc' | 'desc' }

export type Paging = { page: number; size: number; offset: number; search: string; archived: boolean }

/** page (1-based), size from the allowed list (else the first), search text and the archived switch. */
export function readPaging(url: URL, sizes: readonly number[] = LIST_SIZES): Paging {
  const sizeParam = Number(url.searchParams.get('size'))
  const size = sizes.includes(sizeParam) ? sizeParam : sizes[0]!
  const page = Math.max(1, Math.min(100000, Math.floor(Number(url.searchParams.get('page')) || 1)))
  const search = (url.searchParams.get('search') ?? '').trim().slice(0, 100)
  const archived = url.searchParams.get('archived') === 'true'
  return { page, size, offset: (page - 1) * size, search, archived }
}

export { likePattern } from '#app/rules/table-query'

import { redirectWithToast } from '#app/services/flash.server'

export { redirectWithToast, takeToast as readToast } from '#app/services/flash.server'

export type TemplateKind = 'contract' | 'form'

export async function hiddenTemplateIds(t: TenantScope, kind: TemplateKind): Promise<Set<number>> {
  const rows = await scoped(t, 'hidden_templates').select('template_id').where('kind', '=', kind).execute()
  return new Set(rows.map((r) => r.template_id))
}

/** Archiving a sample template (isTemplate: true) hides it for this organisation only. */
export async function setTemplateHidden(t: TenantScope, kind: TemplateKind, templateId: number, hidden: boolean) {
  if (hidden) {
    await scopedInsert(t, 'hidden_templates', { kind, template_id: templateId }).onDuplicateKeyUpdate({ kind }).execute()
  } else {
    await scopedDelete(t, 'hidden_templates').where('kind', '=', kind).where('template_id', '=', templateId).execute()
  }
}

export const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null)

/** JSON lists: paged when the caller sends size, otherwise everything up to a safety cap. */
export function apiPaging(request: Request, sizes: readonly number[] = LIST_SIZES): Paging {
  const url = new URL(request.url)
  const paging = readPaging(url, sizes)
  return url.searchParams.has('size') ? paging : { ...paging, page: 1, offset: 0, size: 1000 }
}

/** Audit row of a platform action (no organisation): contract and form templates. */
export async function platformAudit(
  user: { id: number; firstName: string; lastName: string; role: string },
  request: Request,
  entry: { module: string; action: string; message: string },
) {
  await recordAudit({
    clientId: null,
    userId: user.id,
    userName: `${user.firstName} ${user.lastName}`,
    userRole: user.role,
    module: entry.module,
    action: entry.action,
    status: 'success',
    message: entry.message,
    request,
  })
}

/** The sample flag of the spec's URLs and calls (?flag=true; sample, isTemplate accepted too). */
export function sampleFlag(url: URL) {
  return ['flag', 'sample', 'isTemplate'].some((k) => url.searchParams.get(k) === 'true')
}

/** A list page's table state from the URL (the shared DataTable's parameters) and the archived switch. */
export function listPageQuery(request: Request, sizes: readonly number[] = LIST_SIZES) {
  const params = new URL(request.url).searchParams
  const query = parseTableQuery(params, { sizes, sortable: ['name', 'createdAt'] as const, defaultSort: 'createdAt', defaultDir: 'desc' })
  const archived = params.get('archived') === 'true'
  return { query, archived, list: { archived, search: query.search, offset: query.start, size: query.size, sort: query.sort, dir: query.dir } }
}

/**
 * The Archive/Unarchive button of the files, contracts and forms lists (fields `id`, `archived`):
 * another organisation's id is not found; the change is audited; back to the same list view.
 */
export async function archiveFromList<R>(
  t: TenantScope & Parameters<typeof auditAction>[0],
  request: Request,
  opts: {
    find: (t: TenantScope, id: string) => Promise<R | undefined | null>
    archive: (t: TenantScope, row: R, archived: boolean) => Promise<unknown>
    module: string
    describe: (row: R) => string
  },
) {
  const form = await request.formData()
  const row = await opts.find(t, String(form.get('id') ?? ''))
  if (!row) throw notFound()
  const archived = form.get('archived') === 'true'
  await opts.archive(t, row, archived)
  await auditAction(t, request, { module: opts.module, action: archived ? 'ARCHIVE' : 'UNARCHIVE', message: `${opts.describe(row)} ${archived ? 'archived' : 'restored'}` })
  const url = new URL(request.url)
  return redirectWithToast(request, `${url.pathname}${url.search}`, 'Saved Successfully!')
}
