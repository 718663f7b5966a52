// GET /api/writer/earnings → {earnings: {orders [{_id, productName, amountPaidToWriter, currency, status,
// month, paidAt, completedAt, dueDate}], totals, months}, figures}: the signed-in contributor's own (ADR 0068).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { contributorEarnings, ownFigures } from '#app/models/work-earnings.server'
import { apiJson } from '#app/services/http.server'
import { requireContributor } from './contributor-access.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requireContributor(request)
  const [earnings, figures] = await Promise.all([contributorEarnings(t), ownFigures(t)])
  return apiJson({ status: true, earnings, figures })
}
