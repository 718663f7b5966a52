// GET /api/clients/get: every client organisation with its owner, contributor and customer counts and trial state.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { listClients } from '#app/models/platform-clients.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, 'clients')
  const clients = await listClients()
  return apiJson({ status: true, clients, count: clients.length })
}

export async function action() {
  return methodNotAllowed()
}
