// Customer coupons of an organisation: unique codes, optional product, redeemed through the discount rule.
import { iso, likePattern } from './content-common.server'
import { CODE_TAKEN, type CouponInput } from './coupons.schema'
import { newPublicId } from '#app/services/crypto.server'
import type { Coupon } from '#db/tables/content'
import { scoped, scopedDelete, scopedInsert, type TenantScope } from '#db/tenant'
import { audited, type TenantActor } from './audit.server'
import { withTotal } from './list-total.server'

export type CouponJson = {
  _id: string
  couponCode: string
  discount_type: 'percent' | 'flat'
  value: number
  max_redemptions: number
  availed_times: number
  redeem_by: string | null
  createdAt: string | null
  appliesToProducts: { _id: string; packageName: string } | null
}

export function toCouponJson(row: Coupon, product?: { public_id: string; name: string } | null): CouponJson {
  return {
    _id: row.public_id,
    couponCode: row.coupon_code,
    discount_type: row.discount_type,
    value: Number(row.value),
    max_redemptions: Number(row.max_redemptions),
    availed_times: Number(row.availed_times),
    redeem_by: iso(row.redeem_by),
    createdAt: iso(row.created_at),
    appliesToProducts: product ? { _id: product.public_id, packageName: product.name } : null,
  }
}

async function withProducts(t: TenantScope, rows: Coupon[]) {
  const ids = [...new Set(rows.map((r) => r.product_id).filter((id): id is number => id !== null))]
  const products = ids.length ? await scoped(t, 'products').select(['id', 'public_id', 'name']).where('id', 'in', ids).execute() : []
  return rows.map((r) => toCouponJson(r, products.find((p) => p.id === r.product_id) ?? null))
}

export async function listCoupons(t: TenantScope, paging: { offset: number; size: number; search?: string; sort?: string; dir?: 'asc' | 'desc' }) {
  let query = scoped(t, 'coupons')
  if (paging.search) query = query.where('coupon_code', 'like', likePattern(paging.search))
  const order = paging.sort === 'name' ? 'coupon_code' : paging.sort === 'redeemBy' ? 'redeem_by' : 'created_at'
  const { rows, count } = await withTotal(
    { offset: paging.offset, size: paging.size },
    query
      .selectAll()
      .orderBy(order, paging.dir ?? 'desc')
      .orderBy('id', paging.dir ?? 'desc')
      .limit(paging.size)
      .offset(paging.offset)
      .execute(),
    () => query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  )
  return { coupons: await withProducts(t, rows), count }
}

export async function listAllCoupons(t: TenantScope) {
  const rows = await scoped(t, 'coupons').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(5000).execute()
  return withProducts(t, rows)
}

/** Products a coupon may apply to (the workflows domain's table, this organisation, not archived). */
export async function couponProductChoices(t: TenantScope) {
  const rows = await scoped(t, 'products').select(['public_id', 'name']).where('archived', '=', false).orderBy('name').execute()
  return rows.map((r) => ({ _id: r.public_id, packageName: r.name }))
}

export type CreateCouponResult = { ok: true; coupon: CouponJson } | { ok: false; field: string; error: string }

export async function createCoupon(t: TenantScope, input: CouponInput): Promise<CreateCouponResult> {
  let product: { id: number; public_id: string; name: string } | undefined
  if (input.isApplyToProducts) {
    product = await scoped(t, 'products').select(['id', 'public_id', 'name']).where('public_id', '=', input.selectedProductId!).where('archived', '=', false).executeTakeFirst()
    if (!product) return { ok: false, field: 'selectedProductId', error: 'Please select a product' }
  }
  const code = input.couponCode.trim()
  const taken = await scoped(t, 'coupons').select('id').where('coupon_code', '=', code).executeTakeFirst()
  if (taken) return { ok: false, field: 'couponCode', error: CODE_TAKEN }
  const publicId = newPublicId()
  try {
    await scopedInsert(t, 'coupons', {
      public_id: publicId,
      coupon_code: code,
      discount_type: input.discount_type,
      value: input.value,
      max_redemptions: input.max_redemptions,
      // End of the chosen day in UTC: the coupon works through its last day.
      redeem_by: new Date(`${input.redeem_by}T23:59:59.000Z`),
      product_id: product?.id ?? null,
    }).execute()
  } catch (error) {
    if ((error as { code?: string }).code === 'ER_DUP_ENTRY') return { ok: false, field: 'couponCode', error: CODE_TAKEN }
    throw error
  }
  const row = (await scoped(t, 'coupons').selectAll().where('public_id', '=', publicId).executeTakeFirst())!
  return { ok: true, coupon: toCouponJson(row, product ?? null) }
}

export async function getCoupon(t: TenantScope, publicId: string) {
  return scoped(t, 'coupons').selectAll().where('public_id', '=', publicId).executeTakeFirst()
}

export async function deleteCoupon(t: TenantScope, row: Coupon) {
  await scopedDelete(t, 'coupons').where('id', '=', row.id).execute()
}

type Actor = TenantScope & TenantActor

/** The coupon changes as the pages and JSON routes call them: each success writes its audit row. */
export const couponActions = {
  /** A refused coupon (a taken code) is answered on its field and not audited. */
  async create(t: Actor, request: Request, input: CouponInput) {
    const result = await createCoupon(t, input)
    if (!result.ok) return result
    return audited(t, request, { module: 'COUPONS', action: 'CREATE', message: `Coupon "${result.coupon.couponCode}" created` }, result)
  },
  async delete(t: Actor, request: Request, row: Coupon) {
    await deleteCoupon(t, row)
    await audited(t, request, { module: 'COUPONS', action: 'DELETE', message: `Coupon "${row.coupon_code}" deleted` }, row)
  },
}
