// POST /api/contract/update-package {contractID, oldContractId, packageID}: sets the product's contract.
import type { ActionFunctionArgs } from '@remix-run/node'
import { contractPackageAction } from '#app/models/contract-responses.server'
import { methodNotAllowed } from '#app/services/api-request.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  return contractPackageAction(request, 'UPDATE_PACKAGE')
}
