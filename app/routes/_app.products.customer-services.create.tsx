// /products/customer-services/create: pick the kind of workflow to build.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { WorkflowsCrumb } from '#app/components/workflows/workflow-board'
import { routeGuard } from '#app/rules/routes'
import { SERVICE_TYPES, TYPE_LABELS } from '#app/rules/workflow-modules'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, routeGuard('/products/customer-services/create'))
  return null
}

const DESCRIPTIONS = {
  resume: 'Documents upload, follow up questions, revisions and the final resume.',
  cover: 'The same steps for a cover letter.',
  linkedin: 'Profile development without follow up questions, with a final LinkedIn document.',
  custom: 'Any modules and forms, in the order you choose.',
} as const

export default function PickWorkflowTypeRoute() {
  return (
    <div className="space-y-6">
      <WorkflowsCrumb current="Add Workflow" />
      <h1 className="text-2xl font-semibold text-gray-900">Choose a Workflow Type</h1>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {SERVICE_TYPES.map((type) => (
          <li key={type}>
            <Link
              to={`/products/customer-services/${type}/create`}
              className="block h-full rounded-lg bg-white p-5 shadow-xs ring-1 ring-gray-200 hover:ring-brand-500 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="block text-base font-semibold text-gray-900">{TYPE_LABELS[type]}</span>
              <span className="mt-2 block text-sm text-gray-600">{DESCRIPTIONS[type]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Add Workflow | Draftdesk' }]
