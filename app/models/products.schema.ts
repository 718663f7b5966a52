// Product (package) payloads: one zod schema for the product form and the JSON API.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'

export const PRODUCT_NAME_REQUIRED = 'Enter Product Name'
export const PRODUCT_PRICE_REQUIRED = 'Enter Product Price'
export const SERVICE_REQUIRED_CREATE = 'Please select at-least one service'
export const SERVICE_REQUIRED_EDIT = 'Please select at-least one workflow'
export const CART_LINK_INVALID = 'Please, enter a valid link'

/** Checkbox groups post one value as a string and several as an array; JSON posts arrays. */
const ids = (value: unknown) => {
  if (value === undefined || value === null || value === '') return []
  const arr = Array.isArray(value) ? value : [value]
  return [...new Set(arr.filter((v) => typeof v === 'string' && v.trim() !== '').map((v) => (v as string).trim()))]
}

/** A checkbox posts a hidden 'false' then 'true' when ticked: the last value wins; absent means true. */
const flag = (value: unknown) => {
  const last = Array.isArray(value) ? value[value.length - 1] : value
  if (last === undefined || last === null || last === '') return true
  if (last === false || last === 'false' || last === 'off' || last === '0') return false
  return true
}

const price = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v.trim().replace(/^\$/, '')) : v),
  z
    .number({ required_error: PRODUCT_PRICE_REQUIRED, invalid_type_error: PRODUCT_PRICE_REQUIRED })
    .finite(PRODUCT_PRICE_REQUIRED)
    .min(0, PRODUCT_PRICE_REQUIRED)
    .max(1_000_000, PRODUCT_PRICE_REQUIRED),
)

function productSchema(serviceMessage: string) {
  return z.object({
    packageName: z.preprocess((v) => v ?? '', z.string().trim().min(1, PRODUCT_NAME_REQUIRED).max(191)),
    packagePrice: price,
    packageServices: z.preprocess(ids, z.array(z.string().max(64)).min(1, serviceMessage).max(50)),
    packageDownloadables: z.preprocess(ids, z.array(z.string().max(64)).max(100)),
    contractID: z.preprocess((v) => (typeof v === 'string' && v.trim() ? v.trim() : null), z.string().max(64).nullable()),
    purchasable: z.preprocess(flag, z.boolean()),
    /** The shop's text for the product (issue 24); absent (a spec client) keeps what is stored. */
    description: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(2000, 'Keep the description under 2000 characters').optional()),
  })
}

export const productCreateSchema = productSchema(SERVICE_REQUIRED_CREATE)
export const productEditSchema = productSchema(SERVICE_REQUIRED_EDIT)
export const productUpdateSchema = productEditSchema.extend({
  id: z.preprocess((v) => v ?? '', z.string().trim().min(1, 'Product not found').max(64)),
})

export const purchasableSchema = z.object({
  purchasable: z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ required_error: 'purchasable is required', invalid_type_error: 'purchasable must be true or false' }),
  ),
})

export const cartSettingsSchema = z.object({
  redirectTo: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : ''),
    z
      .string()
      .min(1, CART_LINK_INVALID)
      .max(2048, CART_LINK_INVALID)
      .refine((v) => {
        try {
          const url = new URL(v)
          return (url.protocol === 'https:' || url.protocol === 'http:') && (url.hostname.includes('.') || url.hostname === 'localhost')
        } catch {
          return false
        }
      }, CART_LINK_INVALID),
  ),
})

export type ProductInput = z.infer<typeof productCreateSchema>

export const productCreateValidator = withZod(productCreateSchema)
export const productEditValidator = withZod(productEditSchema)
export const cartSettingsValidator = withZod(cartSettingsSchema)
