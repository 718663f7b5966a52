// GET /api/website-customization: the portal customization (company details, colours, images, social
// links, cartSettings); POST with its fields: save it; PATCH {cartSettings}: the cart redirect link.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { saveCartSettingsAudited } from '#app/models/cart-settings.server'
import { cartSettingsSchema } from '#app/models/products.schema'
import { customizationSchema } from '#app/models/website-settings.schema'
import { getCustomization, websiteSettingsActions } from '#app/models/website-settings.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

// The cart settings page (READ_PRODUCTS) reads cartSettings from here too.
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { any: ['READ_WEBSITE_SETTINGS', 'READ_PRODUCTS'] })
  return apiJson({ status: true, data: await getCustomization(t) })
}

const patchSchema = z.object({
  cartSettings: z.preprocess((v) => v ?? {}, cartSettingsSchema),
})

async function saveCustomization(request: Request) {
  const t = await requirePermission(request, { all: ['UPDATE_UI_CUSTOMIZATION'] })
  const body = await parseBody(request, customizationSchema)
  if (!body.ok) return body.response
  const result = await websiteSettingsActions.saveCustomization(t, request, body.data)
  if (!result.ok) return apiJson({ status: false, error: result.error, ...(result.field ? { errors: { [result.field]: result.error } } : {}) }, result.status)
  return apiJson({ status: true, message: 'Saved Successfully!', data: result.customization })
}

async function saveCartLink(request: Request) {
  const t = await requirePermission(request, { all: ['WRITE_DOMAIN'] })
  const body = await parseBody(request, patchSchema)
  if (!body.ok) return body.response
  const cartSettings = await saveCartSettingsAudited(t, request, body.data.cartSettings)
  return apiJson({ status: true, data: { cartSettings } })
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method === 'POST') return saveCustomization(request)
  if (request.method === 'PATCH') return saveCartLink(request)
  return methodNotAllowed()
}
