// /v1/customers: create, retrieve, update (incl. the default payment method), list by email, delete.
import { changeWithEvent } from '../changes'
import type { Emulator } from '../emulator'
import { invalidRequest, resourceMissing } from '../errors'
import { newId } from '../ids'
import { expandPaths, mergeMetadata, optObject, optString } from '../params'
import { expand, renderCustomer } from '../render'
import { newestFirst, paginate, route, type HandlerContext } from '../router'
import type { CustomerRecord } from '../state'

export function findCustomer(em: Emulator, id: string, param?: string): CustomerRecord {
  const customer = em.store.customers.get(id)
  if (!customer || customer.deleted) throw resourceMissing('customer', id, param)
  return customer
}

export function customerNow(em: Emulator, customer: CustomerRecord): number {
  return em.clocks.nowFor(customer.test_clock)
}

function setDefaultPaymentMethod(em: Emulator, customer: CustomerRecord, params: HandlerContext['params']) {
  const settings = optObject(params, 'invoice_settings')
  if (!settings) return
  const pmId = optString(settings, 'default_payment_method', 'invoice_settings[default_payment_method]')
  if (pmId === undefined) return
  if (pmId === '') {
    customer.invoice_settings.default_payment_method = null
    return
  }
  const pm = em.store.paymentMethods.get(pmId)
  if (!pm) throw resourceMissing('PaymentMethod', pmId, 'invoice_settings[default_payment_method]')
  if (pm.customer !== customer.id) {
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
      'invoice_settings[default_payment_method]',
      'resource_missing',
    )
  }
  customer.invoice_settings.default_payment_method = pmId
}

function create({ em, params }: HandlerContext) {
  const testClock = optString(params, 'test_clock') ?? null
  if (testClock && !em.clocks.testClocks.has(testClock)) throw resourceMissing('test_clock', testClock, 'test_clock')
  const customer: CustomerRecord = {
    id: newId('cus'),
    created: em.clocks.nowFor(testClock),
    email: optString(params, 'email') ?? null,
    name: optString(params, 'name') ?? null,
    description: optString(params, 'description') ?? null,
    phone: optString(params, 'phone') ?? null,
    metadata: mergeMetadata({}, params),
    balance: 0,
    invoice_settings: { default_payment_method: null },
    test_clock: testClock,
  }
  em.store.customers.set(customer.id, customer)
  const pmId = optString(params, 'payment_method')
  if (pmId) {
    const pm = em.store.paymentMethods.get(pmId)
    if (!pm) throw resourceMissing('PaymentMethod', pmId, 'payment_method')
    pm.customer = customer.id
  }
  setDefaultPaymentMethod(em, customer, params)
  const rendered = renderCustomer(em, customer)
  em.emit('customer.created', rendered, customer.created)
  return expand(em, rendered, expandPaths(params))
}

function retrieve({ em, params, path }: HandlerContext) {
  const customer = em.store.customers.get(path.id!)
  if (!customer) throw resourceMissing('customer', path.id!)
  return expand(em, renderCustomer(em, customer), expandPaths(params))
}

function update({ em, params, path }: HandlerContext) {
  const customer = findCustomer(em, path.id!)
  changeWithEvent(
    em,
    'customer.updated',
    () => renderCustomer(em, customer),
    () => {
      for (const field of ['email', 'name', 'description', 'phone'] as const) {
        const value = optString(params, field)
        if (value !== undefined) customer[field] = value === '' ? null : value
      }
      customer.metadata = mergeMetadata(customer.metadata, params)
      setDefaultPaymentMethod(em, customer, params)
    },
    customerNow(em, customer),
  )
  return expand(em, renderCustomer(em, customer), expandPaths(params))
}

function remove({ em, path }: HandlerContext) {
  const customer = findCustomer(em, path.id!)
  const rendered = renderCustomer(em, customer)
  customer.deleted = true
  em.emit('customer.deleted', rendered, customerNow(em, customer))
  return { id: customer.id, object: 'customer', deleted: true }
}

function listCustomers({ em, params }: HandlerContext) {
  const email = optString(params, 'email')
  const testClock = optString(params, 'test_clock')
  const matching = newestFirst(em.store.customers.values()).filter(
    (c) => !c.deleted && (email === undefined || c.email === email) && (testClock === undefined || c.test_clock === testClock),
  )
  return paginate('/v1/customers', matching, params, (c) => renderCustomer(em, c))
}

export const customerRoutes = [
  route('POST', '/v1/customers', create),
  route('GET', '/v1/customers', listCustomers),
  route('GET', '/v1/customers/:id', retrieve),
  route('POST', '/v1/customers/:id', update),
  route('DELETE', '/v1/customers/:id', remove),
]
