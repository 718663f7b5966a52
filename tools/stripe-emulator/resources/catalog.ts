// /v1/products and /v1/prices: create, retrieve, update (active, names, metadata), list.
import { changeWithEvent } from '../changes'
import type { Interval } from '../clock'
import type { Emulator } from '../emulator'
import { invalidRequest, missingParam, resourceMissing } from '../errors'
import { newId } from '../ids'
import { expandPaths, mergeMetadata, oneOf, optBool, optInt, optObject, optString, reqInt, reqString } from '../params'
import { expand, renderPrice, renderProduct } from '../render'
import { newestFirst, paginate, route, type HandlerContext } from '../router'
import type { PriceRecord, ProductRecord } from '../state'

function findProduct(em: Emulator, id: string, param?: string): ProductRecord {
  const product = em.store.products.get(id)
  if (!product) throw resourceMissing('product', id, param)
  return product
}

export function findPrice(em: Emulator, id: string, param?: string): PriceRecord {
  const price = em.store.prices.get(id)
  if (!price) throw resourceMissing('price', id, param)
  return price
}

function newProduct(em: Emulator, name: string, params: HandlerContext['params']): ProductRecord {
  const now = em.clocks.globalNow()
  const id = optString(params, 'id') || newId('prod')
  if (em.store.products.has(id)) throw invalidRequest(`Product already exists.`, 'id', 'resource_already_exists')
  const product: ProductRecord = {
    id,
    created: now,
    updated: now,
    name,
    description: optString(params, 'description') || null,
    active: optBool(params, 'active') ?? true,
    metadata: mergeMetadata({}, params),
    default_price: null,
  }
  em.store.products.set(product.id, product)
  em.emit('product.created', renderProduct(product), now)
  return product
}

function createProduct({ em, params }: HandlerContext) {
  return renderProduct(newProduct(em, reqString(params, 'name'), params))
}

function updateProduct({ em, params, path }: HandlerContext) {
  const product = findProduct(em, path.id!)
  const now = em.clocks.globalNow()
  changeWithEvent(
    em,
    'product.updated',
    () => renderProduct(product),
    () => {
      const name = optString(params, 'name')
      if (name) product.name = name
      const description = optString(params, 'description')
      if (description !== undefined) product.description = description || null
      const active = optBool(params, 'active')
      if (active !== undefined) product.active = active
      const defaultPrice = optString(params, 'default_price')
      if (defaultPrice) product.default_price = findPrice(em, defaultPrice, 'default_price').id
      product.metadata = mergeMetadata(product.metadata, params)
      product.updated = now
    },
    now,
  )
  return renderProduct(product)
}

function listProducts({ em, params }: HandlerContext) {
  const active = optBool(params, 'active')
  return paginate(
    '/v1/products',
    newestFirst(em.store.products.values()).filter((p) => active === undefined || p.active === active),
    params,
    renderProduct,
  )
}

const INTERVALS = ['day', 'week', 'month', 'year'] as const

function createPrice({ em, params }: HandlerContext) {
  const productData = optObject(params, 'product_data')
  const productId = optString(params, 'product')
  if (!productId && !productData) throw missingParam('product')
  const product = productId ? findProduct(em, productId, 'product') : newProduct(em, reqString(productData!, 'name', 'product_data[name]'), productData!)
  const unitAmount = reqInt(params, 'unit_amount')
  if (unitAmount < 0) throw invalidRequest('This value must be greater than or equal to 0.', 'unit_amount')
  const recurringParams = optObject(params, 'recurring')
  let recurring: PriceRecord['recurring'] = null
  if (recurringParams) {
    const interval = oneOf(recurringParams, 'interval', INTERVALS, 'recurring[interval]') as Interval | undefined
    if (!interval) throw missingParam('recurring[interval]')
    const count = optInt(recurringParams, 'interval_count', 'recurring[interval_count]') ?? 1
    // Stripe's limit: at most one year between billings.
    const maxCount = { day: 365, week: 52, month: 12, year: 1 }[interval]
    if (count < 1 || count > maxCount)
      throw invalidRequest(`Invalid recurring[interval_count]: must be between 1 and ${maxCount} for interval ${interval}.`, 'recurring[interval_count]')
    recurring = { interval, interval_count: count, trial_period_days: optInt(recurringParams, 'trial_period_days', 'recurring[trial_period_days]') ?? null }
  }
  const now = em.clocks.globalNow()
  const price: PriceRecord = {
    id: newId('price'),
    created: now,
    product: product.id,
    active: optBool(params, 'active') ?? true,
    currency: reqString(params, 'currency').toLowerCase(),
    unit_amount: unitAmount,
    nickname: optString(params, 'nickname') ?? null,
    lookup_key: optString(params, 'lookup_key') ?? null,
    metadata: mergeMetadata({}, params),
    recurring,
  }
  em.store.prices.set(price.id, price)
  if (!product.default_price) product.default_price = price.id
  em.emit('price.created', renderPrice(price), now)
  return expand(em, renderPrice(price), expandPaths(params))
}

function updatePrice({ em, params, path }: HandlerContext) {
  const price = findPrice(em, path.id!)
  changeWithEvent(
    em,
    'price.updated',
    () => renderPrice(price),
    () => {
      const active = optBool(params, 'active')
      if (active !== undefined) price.active = active
      const nickname = optString(params, 'nickname')
      if (nickname !== undefined) price.nickname = nickname || null
      const lookupKey = optString(params, 'lookup_key')
      if (lookupKey !== undefined) price.lookup_key = lookupKey || null
      price.metadata = mergeMetadata(price.metadata, params)
    },
    em.clocks.globalNow(),
  )
  return renderPrice(price)
}

function listPrices({ em, params }: HandlerContext) {
  const active = optBool(params, 'active')
  const product = optString(params, 'product')
  const matching = newestFirst(em.store.prices.values()).filter((p) => (active === undefined || p.active === active) && (product === undefined || p.product === product))
  return expand(em, paginate('/v1/prices', matching, params, renderPrice), expandPaths(params))
}

export const catalogRoutes = [
  route('POST', '/v1/products', createProduct),
  route('GET', '/v1/products', listProducts),
  route('GET', '/v1/products/:id', ({ em, params, path }) => expand(em, renderProduct(findProduct(em, path.id!)), expandPaths(params))),
  route('POST', '/v1/products/:id', updateProduct),
  route('POST', '/v1/prices', createPrice),
  route('GET', '/v1/prices', listPrices),
  route('GET', '/v1/prices/:id', ({ em, params, path }) => expand(em, renderPrice(findPrice(em, path.id!)), expandPaths(params))),
  route('POST', '/v1/prices/:id', updatePrice),
]
