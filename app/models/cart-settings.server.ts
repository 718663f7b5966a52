// Cart settings (website customization's cartSettings): where the portal sends a shopper after add-to-cart.
import { sql } from 'kysely'
import { auditAction } from './audit.server'
import { scoped, type TenantScope } from '#db/tenant'

export type CartSettings = { redirectTo: string }

export async function getCartSettings(t: TenantScope): Promise<CartSettings> {
  const row = await scoped(t, 'cart_settings').select('redirect_to').executeTakeFirst()
  return { redirectTo: row?.redirect_to ?? '' }
}

export async function saveCartSettings(t: TenantScope, settings: CartSettings): Promise<CartSettings> {
  await t.db
    .insertInto('cart_settings')
    .values({ client_id: t.clientId, redirect_to: settings.redirectTo })
    .onDuplicateKeyUpdate({ redirect_to: settings.redirectTo, updated_at: sql<Date>`CURRENT_TIMESTAMP(3)` })
    .execute()
  return settings
}

export async function saveCartSettingsAudited(
  t: TenantScope & { user: { id: number; firstName: string; lastName: string; role: string } },
  request: Request,
  settings: CartSettings,
) {
  const saved = await saveCartSettings(t, settings)
  await auditAction(t, request, { module: 'website_settings', action: 'cart_settings', message: `Cart redirect link set to ${settings.redirectTo}` })
  return saved
}
