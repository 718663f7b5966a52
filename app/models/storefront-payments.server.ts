// PLACEHOLDER until the payments branch lands: whether the organisation can take customers' payments.
import { platformDb } from '#app/services/db.server'
import type { TenantScope } from '#db/tenant'

export async function storefrontPayments(t: TenantScope): Promise<{ takingOrders: true; accountId: string } | { takingOrders: false; reason: string }> {
  const org = await platformDb.selectFrom('organisations').select('stripe_connect_account_id').where('id', '=', t.clientId).executeTakeFirst()
  if (!org?.stripe_connect_account_id) return { takingOrders: false, reason: 'Set up payouts so customers can pay you' }
  return { takingOrders: true, accountId: org.stripe_connect_account_id }
}
