// /products/customer-services/update/{serviceType}/{id}: rename a workflow and rearrange its modules.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { type Board } from '#app/rules/workflow-board-state'
import { WorkflowBoardPage } from '#app/components/workflows/workflow-board'
import { redirectWithToast } from '#app/services/flash.server'
import { handleBoardPost } from '#app/models/workflow-board.server'
import { getWorkflow, listFormModules, workflowActions } from '#app/models/workflows.server'
import { availableModules, originalTitle } from '#app/rules/workflow-modules'
import { routeGuard } from '#app/rules/routes'
import { notFound } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

async function load(request: Request, params: LoaderFunctionArgs['params']) {
  const t = await requirePermission(request, routeGuard('/products/customer-services/update/:service/:id'))
  const service = await getWorkflow(t, params.id ?? '')
  if (!service) throw notFound()
  return { t, service }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { t, service } = await load(request, params)
  if (params.serviceType !== service.serviceType) throw redirect(`/products/customer-services/update/${service.serviceType}/${service._id}`)
  const forms = await listFormModules(t)
  // A form unpublished since it was placed stays on the board under its saved title.
  const missing = service.serviceModules.filter((m) => !originalTitle(m.id, forms) && !availableModules(service.serviceType, forms).some((a) => a.id === m.id))
  const known = [...forms, ...missing.map((m) => ({ id: m.id, title: m.title }))]
  const board: Board = { serviceName: service.serviceName, serviceModules: service.serviceModules }
  return { service: { _id: service._id, serviceType: service.serviceType }, forms: known, available: availableModules(service.serviceType, known), board }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { t, service } = await load(request, params)
  return handleBoardPost(
    request,
    t,
    service.serviceType,
    (input) => workflowActions.update(t, request, service._id, input),
    () => redirectWithToast(request, '/products/customer-services/all', 'Workflow updated successfully.'),
    service.serviceModules.map((m) => m.id),
  )
}

export default function UpdateWorkflowRoute() {
  const { service, forms, available, board } = useLoaderData<typeof loader>()
  return (
    <WorkflowBoardPage
      crumb="Update Workflow"
      title="Update Workflow"
      serviceType={service.serviceType}
      available={available}
      forms={forms}
      board={board}
      paletteTitle="Module to Add"
      submitLabel="Update Workflow"
    />
  )
}

export const meta: MetaFunction = () => [{ title: 'Update Workflow | Draftdesk' }]
