// Custom tags of orders: the organisation's tag list (suggestions) and replacing the tags of one order.
import { audited } from './audit.server'
import { findOrder, recordActivity } from './orders.server'
import { newPublicId } from '#app/services/crypto.server'
import { scoped, scopedDelete, scopedInsert, type TenantScope } from '#db/tenant'
import { tenantTransaction } from '#db/transaction'

/** Enough suggestions for any real organisation; the list is a datalist, not a page. */
const SUGGESTION_LIMIT = 500

export type TagJson = { _id: string; text: string }
export type SavedTag = { _id: string; value: string; new: boolean }

/** The organisation's tags, alphabetical: the suggestions of the Edit tags dialog. */
export async function organisationTags(t: TenantScope): Promise<TagJson[]> {
  const rows = await scoped(t, 'tags').select(['public_id', 'text']).orderBy('text').limit(SUGGESTION_LIMIT).execute()
  return rows.map((r) => ({ _id: r.public_id, text: r.text }))
}

export type SetTagsResult = { ok: true; tags: SavedTag[]; orderId: number } | { ok: false; status: number; error: string }

/**
 * Replaces the tags of an order with `tags` (already normalised, see app/rules/tags.ts), in that
 * order. Tags the organisation does not have yet are created; `new` marks those this call created.
 */
export async function setOrderTags(t: TenantScope, orderPublicId: string, tags: readonly string[]): Promise<SetTagsResult> {
  const order = await findOrder(t, orderPublicId)
  if (!order) return { ok: false, status: 404, error: 'Order not found' }
  const saved = await tenantTransaction(t, async (tx) => {
    const existing = tags.length
      ? await scoped(tx, 'tags')
          .select('text')
          .where('text', 'in', [...tags])
          .execute()
      : []
    const known = new Set(existing.map((r) => r.text))
    const fresh = tags.filter((tag) => !known.has(tag)).map((text) => ({ public_id: newPublicId(), text }))
    // IGNORE: a parallel call may create the same tag first; its row then wins and is not new here.
    if (fresh.length) await scopedInsert(tx, 'tags', fresh).ignore().execute()
    const ours = new Set(fresh.map((f) => f.public_id))
    const rows = tags.length
      ? await scoped(tx, 'tags')
          .select(['id', 'public_id', 'text'])
          .where('text', 'in', [...tags])
          .execute()
      : []
    const byText = new Map(rows.map((r) => [r.text, r]))
    await scopedDelete(tx, 'order_tags').where('order_id', '=', order.id).execute()
    const links = tags.flatMap((tag, position) => {
      const row = byText.get(tag)
      return row ? [{ order_id: order.id, tag_id: row.id, position }] : []
    })
    if (links.length) await scopedInsert(tx, 'order_tags', links).execute()
    return tags.flatMap((tag) => {
      const row = byText.get(tag)
      return row ? [{ _id: row.public_id, value: row.text, new: ours.has(row.public_id) }] : []
    })
  })
  return { ok: true, tags: saved, orderId: order.id }
}

type Actor = TenantScope & { user: { id: number; firstName: string; lastName: string; role: string } }

/** Tag changes as routes call them: activity and audit rows on success and refusal. */
export const orderTagActions = {
  async set(t: Actor, request: Request, orderPublicId: string, tags: readonly string[]) {
    const result = await setOrderTags(t, orderPublicId, tags)
    if (result.ok) {
      await recordActivity(t, result.orderId, t.user.id, tags.length ? `${actorName(t)} set the tags: ${tags.join(', ')}` : `${actorName(t)} removed all tags`)
    }
    return audited(
      t,
      request,
      {
        module: 'orders',
        action: 'custom_tags',
        message: result.ok ? `Set tags of order ${orderPublicId}: ${tags.join(', ') || '(none)'}` : `Tags of order ${orderPublicId} not set: ${result.error}`,
      },
      result,
    )
  },
}

export function actorName(t: { user: { firstName: string; lastName: string } }) {
  return `${t.user.firstName} ${t.user.lastName}`.trim() || 'Someone'
}
