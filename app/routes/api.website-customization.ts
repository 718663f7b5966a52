// GET /api/website-customization: the portal customization (cartSettings so far); PATCH {cartSettings}: the cart redirect link.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { getCartSettings, saveCartSettingsAudited } from '#app/models/cart-settings.server'
import { cartSettingsSchema } from '#app/models/products.schema'
import { requirePermission } from '#app/services/auth.server'
import { methodNotAllowed, parseBody } from '#app/utils/api.server'
import { apiJson } from '#app/utils/http.server'

// TODO(branding issue): GET must also answer the customization fields (companyName, colours, images,
// social links) and POST must save them; this module only serves cartSettings until then.
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { any: ['READ_WEBSITE_SETTINGS', 'READ_PRODUCTS'] })
  return apiJson({ status: true, data: { cartSettings: await getCartSettings(t) } })
}

const patchSchema = z.object({
  cartSettings: z.preprocess((v) => v ?? {}, cartSettingsSchema),
})

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['WRITE_DOMAIN'] })
  const body = await parseBody(request, patchSchema)
  if (!body.ok) return body.response
  const cartSettings = await saveCartSettingsAudited(t, request, body.data.cartSettings)
  return apiJson({ status: true, data: { cartSettings } })
}
