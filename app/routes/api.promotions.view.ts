// GET /api/promotions/view: every platform promotion, newest first.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { listPromotions, toPromotionJson } from '#app/models/promotions.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, 'promotions')
  const promotions = (await listPromotions()).map(toPromotionJson)
  return apiJson({ status: true, promotions, count: promotions.length })
}

export async function action() {
  return methodNotAllowed()
}
