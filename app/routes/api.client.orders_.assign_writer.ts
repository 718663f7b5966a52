// POST /api/client/orders/assign_writer {selectedOrdersIds, writerId, msgToWriter, fileUploadToWriter}: assigns
// (or, with an empty writerId, unassigns) the contributor of own, not completed orders → {status, orders, warning?}.
import type { ActionFunctionArgs } from '@remix-run/node'
import { orderActions } from '#app/models/order-actions.server'
import { assignWriterSchema } from '#app/models/order-actions.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { orderActionAnswer } from './order-actions-api.server'
import { requirePermission } from '#app/models/auth-guards.server'

export const loader = () => methodNotAllowed()

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['ASSIGN_WRITER_REVIEWER'] })
  const body = await parseBody(request, assignWriterSchema)
  if (!body.ok) return body.response
  const { selectedOrdersIds, writerId, msgToWriter, fileUploadToWriter } = body.data
  const result = await orderActions.assignWriter(t, request, selectedOrdersIds, writerId, { message: msgToWriter, fileKey: fileUploadToWriter })
  return orderActionAnswer(t, result)
}
