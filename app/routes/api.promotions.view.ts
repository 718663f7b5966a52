// GET /api/promotions/view: every platform promotion, newest first.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { listPromotions, toPromotionJson } from '#app/models/promotions.server'
import { requirePlatform } from '#app/models/auth-guards.server'
import { methodNotAllowed } from '#app/utils/api.server'
import { apiJson } from '#app/utils/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, 'promotions')
  const promotions = (await listPromotions()).map(toPromotionJson)
  return apiJson({ status: true, promotions, count: promotions.length })
}

export async function action() {
  return methodNotAllowed()
}
