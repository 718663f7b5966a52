import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { addMonths } from './clock'
import { StripeApiError } from './errors'
import { decodeForm, splitKey } from './form'
import { signatureHeader } from './signing'

describe('decodeForm', () => {
  it('refuses keys that would reach Object.prototype, and leaves it untouched', () => {
    for (const body of ['__proto__[polluted]=1', 'a[__proto__][polluted]=1', 'constructor[prototype][polluted]=1']) {
      expect(() => decodeForm(body)).toThrow(StripeApiError)
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('answers a bad percent-encoding as an invalid request, not a crash', () => {
    expect(() => decodeForm('a=%E0%A4%A')).toThrow(expect.objectContaining({ status: 400 }))
  })

  it.each([
    ['a=1&b=two', { a: '1', b: 'two' }],
    ['items[0][price]=price_1&items[0][quantity]=3', { items: [{ price: 'price_1', quantity: '3' }] }],
    ['metadata[org]=acme&metadata[plan]=pro', { metadata: { org: 'acme', plan: 'pro' } }],
    ['expand[]=latest_invoice&expand[]=customer', { expand: ['latest_invoice', 'customer'] }],
    ['expand[0]=a&expand[1]=b', { expand: ['a', 'b'] }],
    ['pause_collection=', { pause_collection: '' }],
    ['email=a%2Bb%40x.io&name=Ann+Lee', { email: 'a+b@x.io', name: 'Ann Lee' }],
    ['items%5B1%5D%5Bid%5D=si_2&items%5B0%5D%5Bid%5D=si_1', { items: [{ id: 'si_1' }, { id: 'si_2' }] }],
    [
      'subscription_details[items][0][id]=si_1&subscription_details[proration_behavior]=always_invoice',
      { subscription_details: { items: [{ id: 'si_1' }], proration_behavior: 'always_invoice' } },
    ],
  ])('%s', (body, expected) => {
    expect(decodeForm(body)).toEqual(expected)
  })

  it('splits bracket keys', () => {
    expect(splitKey('a[b][0][]')).toEqual(['a', 'b', '0', ''])
    expect(splitKey('plain')).toEqual(['plain'])
  })
})

describe('signatureHeader', () => {
  const secret = 'whsec_test_secret'
  const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', data: { object: {} } }, null, 2)
  const stripe = new Stripe('sk_test_x')

  it('is accepted by the SDK and equals its own test header', () => {
    const t = Math.floor(Date.now() / 1000)
    const header = signatureHeader(payload, secret, t)
    expect(header).toBe(stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: t }))
    expect(stripe.webhooks.constructEvent(payload, header, secret).id).toBe('evt_1')
  })

  it('is refused for another body, another secret or an old timestamp', () => {
    const t = Math.floor(Date.now() / 1000)
    expect(() => stripe.webhooks.constructEvent(payload.replace('invoice.paid', 'invoice.void'), signatureHeader(payload, secret, t), secret)).toThrow(/signature/i)
    expect(() => stripe.webhooks.constructEvent(payload, signatureHeader(payload, 'whsec_other', t), secret)).toThrow(/signature/i)
    expect(() => stripe.webhooks.constructEvent(payload, signatureHeader(payload, secret, t - 301), secret)).toThrow(/tolerance/i)
  })
})

describe('addMonths', () => {
  it('clamps to the end of shorter months, as Stripe bills', () => {
    const jan31 = Date.UTC(2027, 0, 31, 12) / 1000
    expect(new Date(addMonths(jan31, 1) * 1000).toISOString()).toBe('2027-02-28T12:00:00.000Z')
    expect(new Date(addMonths(jan31, 3) * 1000).toISOString()).toBe('2027-04-30T12:00:00.000Z')
    expect(new Date(addMonths(jan31, 12) * 1000).toISOString()).toBe('2028-01-31T12:00:00.000Z')
  })
})
