// GET /api/packages/client/view: every subscription plan, newest first, with its public checkout link.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { checkoutLink, listClientPackages, toClientPackageJson } from '#app/models/client-packages.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, 'client_packages')
  const packages = (await listClientPackages()).map((row) => ({ ...toClientPackageJson(row), checkoutLink: checkoutLink(row.public_id) }))
  return apiJson({ status: true, packages, count: packages.length })
}

export async function action() {
  return methodNotAllowed()
}
