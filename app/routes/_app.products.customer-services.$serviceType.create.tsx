// /products/customer-services/{resume|cover|linkedin|custom}/create: a new workflow built on the board.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { type Board } from '#app/rules/workflow-board-state'
import { WorkflowBoardPage } from '#app/components/workflows/workflow-board'
import { redirectWithToast } from '#app/services/flash.server'
import { handleBoardPost } from '#app/models/workflow-board.server'
import { listFormModules, workflowActions } from '#app/models/workflows.server'
import { availableModules, CREATE_TITLES, defaultModulesFor, isServiceType } from '#app/rules/workflow-modules'
import { routeGuard } from '#app/rules/routes'
import { notFound } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

function typeOf(params: LoaderFunctionArgs['params']) {
  const type = params.serviceType
  if (!isServiceType(type)) throw notFound()
  return type
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const type = typeOf(params)
  const t = await requirePermission(request, routeGuard(`/products/customer-services/${type}/create`))
  const forms = await listFormModules(t)
  const board: Board = { serviceName: '', serviceModules: defaultModulesFor(type) }
  return { type, forms, available: availableModules(type, forms), board }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const type = typeOf(params)
  const t = await requirePermission(request, routeGuard(`/products/customer-services/${type}/create`))
  return handleBoardPost(
    request,
    t,
    type,
    (input) => workflowActions.create(t, request, { ...input, serviceType: type }),
    () => redirectWithToast(request, '/products/customer-services/all', 'Workflow saved successfully.'),
  )
}

export default function CreateWorkflowRoute() {
  const { type, forms, available, board } = useLoaderData<typeof loader>()
  return (
    <WorkflowBoardPage
      crumb="Add Workflow"
      title={CREATE_TITLES[type]}
      serviceType={type}
      available={available}
      forms={forms}
      board={board}
      paletteTitle="Drag Module to Workflow"
      submitLabel="Add Workflow"
    />
  )
}

export const meta: MetaFunction = () => [{ title: 'Add Workflow | Draftdesk' }]
