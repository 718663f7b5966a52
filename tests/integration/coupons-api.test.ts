// Customer coupons API: the spec's validation messages, unique codes per organisation, delete, isolation.
import { describe, expect, it } from 'vitest'
import * as del from '#app/routes/api.client.customer-coupons.$id'
import * as list from '#app/routes/api.client.customer-coupons.coupons'
import * as create from '#app/routes/api.client.customer-coupons.create'
import { Client, signIn } from './helpers'

const inDays = (n: number) => new Date(Date.now() + n * 86400000).toISOString().slice(0, 10)
const code = () => `T${Math.random().toString(36).slice(2, 10).toUpperCase()}`
const valid = () => ({ couponCode: code(), max_redemptions: 5, discount_type: 'percent', value: 20, redeem_by: inDays(30), isApplyToProducts: false })

describe('customer coupons API', () => {
  it('creates, lists and deletes a coupon', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    const body = valid()
    const made = await owner.call(create.action, { path: '/api/client/customer-coupons/create', body })
    expect(made.status).toBe(200)
    expect(made.json.coupon).toMatchObject({ couponCode: body.couponCode, discount_type: 'percent', value: 20, max_redemptions: 5, availed_times: 0, appliesToProducts: null })
    const again = await owner.call(create.action, { path: '/api/client/customer-coupons/create', body })
    expect(again.status).toBe(400)
    const coupons = await owner.call(list.loader, { path: '/api/client/customer-coupons/coupons' })
    expect(coupons.json.status).toBe(true)
    expect(coupons.json.coupons.some((c: { _id: string }) => c._id === made.json.coupon._id)).toBe(true)
    const id = made.json.coupon._id
    const gone = await owner.call(del.action, { method: 'DELETE', path: `/api/client/customer-coupons/${id}`, params: { id } })
    expect(gone.json.status).toBe(true)
    expect((await owner.call(del.action, { method: 'DELETE', path: `/api/client/customer-coupons/${id}`, params: { id } })).status).toBe(404)
  })

  it.each([
    [{ couponCode: '' }, 'couponCode', 'Enter Coupon Code'],
    [{ value: 0 }, 'value', 'Please provide a total discount'],
    [{ value: 101 }, 'value', 'For percent (%) discount, total discount must be 100 or less'],
    [{ redeem_by: '' }, 'redeem_by', 'Please provide expiration coupon date'],
    [{ redeem_by: inDays(-2) }, 'redeem_by', 'Please provide expiration coupon date'],
    [{ redeem_by: inDays(6 * 366) }, 'redeem_by', 'Please provide expiration coupon date'],
    [{ isApplyToProducts: true }, 'selectedProductId', 'Please select a product'],
    [{ max_redemptions: 0 }, 'max_redemptions', 'Max redemptions must be at least 1'],
    [{ discount_type: 'bogus' }, 'discount_type', 'Please select a discount type'],
  ])('rejects %o with the message on %s', async (patch, field, message) => {
    const owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    const res = await owner.call(create.action, { path: '/api/client/customer-coupons/create', body: { ...valid(), ...patch } })
    expect(res.status).toBe(400)
    expect(res.json.errors[field]).toBe(message)
  })

  it('allows a flat discount over 100 and codes reused across organisations', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    const rival = await signIn(new Client(), 'owner2@demo.test', 'Rival Resumes')
    const body = { ...valid(), discount_type: 'flat', value: 150 }
    expect((await owner.call(create.action, { path: '/api/client/customer-coupons/create', body })).status).toBe(200)
    const theirs = await rival.call(create.action, { path: '/api/client/customer-coupons/create', body })
    expect(theirs.status).toBe(200)
    // Rival cannot delete Demo's coupon, and does not see it.
    const demoCoupons = (await owner.call(list.loader, { path: '/api/client/customer-coupons/coupons' })).json.coupons
    const id = demoCoupons.find((c: { couponCode: string }) => c.couponCode === body.couponCode)._id
    expect((await rival.call(del.action, { method: 'DELETE', path: `/api/client/customer-coupons/${id}`, params: { id } })).status).toBe(404)
    const rivalCoupons = (await rival.call(list.loader, { path: '/api/client/customer-coupons/coupons' })).json.coupons
    expect(rivalCoupons.some((c: { _id: string }) => c._id === id)).toBe(false)
  })

  it('denies staff without permission and anonymous callers', async () => {
    const staff = await signIn(new Client(), 'staff@demo.test', 'Demo Writing Co')
    expect((await staff.call(list.loader, { path: '/api/client/customer-coupons/coupons' })).status).toBe(403)
    expect((await staff.call(create.action, { path: '/api/client/customer-coupons/create', body: valid() })).status).toBe(403)
    expect((await new Client().call(list.loader, { path: '/api/client/customer-coupons/coupons' })).status).toBe(401)
  })
})
