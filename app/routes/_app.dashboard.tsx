// /dashboard: the landing tabs Sales (the user card, earnings, order counts and the charts, from the rollups)
// and Projects, or the platform figures for a superadmin.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SalesPanel } from '#app/components/dashboard/sales-panel'
import { type ProjectsList, ProjectsPanel, SHOW_COMPLETED_PARAM } from '#app/components/orders/orders-list-projects'
import { toUserJson } from '#app/models/account.server'
import { salesTab } from '#app/models/dashboard-sales.server'
import { getPlatformStats } from '#app/models/homepage.server'
import { parseOrdersListQuery } from '#app/models/orders-list.schema'
import { listProjects } from '#app/models/orders-list.server'
import { SALES_GUARD } from '#app/rules/dashboard'
import { can, type Guard } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { requirePermission, requireUser, type Tenant } from '#app/models/auth-guards.server'
import { Card, StatCard } from '#app/ui/card'
import { UrlTabs } from '#app/ui/url-tabs'

// Back-office section 2: Sales needs VIEW_DASHBOARD, Projects READ_ORDERS; the first available tab is selected.
const LANDING_TABS: { key: 'sales' | 'projects'; label: string; guard: Guard }[] = [
  { key: 'sales', label: 'Sales', guard: SALES_GUARD },
  { key: 'projects', label: 'Projects', guard: { all: ['READ_ORDERS'] } },
]

async function projectsTab(t: Tenant, params: URLSearchParams): Promise<ProjectsList | null> {
  // Only the paging and sort parameters apply here; a bad one falls back to the first page.
  const parsed = parseOrdersListQuery(new URLSearchParams([...params].filter(([key]) => ['sort', 'dir', 'size', 'cursor'].includes(key))))
  const query = parsed.ok ? parsed.query : { sort: 'createdAt' as const, dir: 'desc' as const, size: 50 as const, cursor: null }
  try {
    const page = await listProjects(t, query, params.get(SHOW_COMPLETED_PARAM) === 'true')
    return { ...page, sort: { sort: query.sort, dir: query.dir }, size: query.size }
  } catch (error) {
    console.error('[dashboard projects]', error)
    return null
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const guard = routeGuard('/dashboard')
  const user = await requireUser(request, guard)
  const userJson = toUserJson(user)
  const card = {
    name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    role: user.role,
    organisation: userJson.companyDetails?.companyName ?? null,
  }
  if (user.clientId === null) {
    return { user: card, platform: await getPlatformStats(), sales: null, tabs: [], tab: null, projects: null }
  }
  const t = await requirePermission(request, guard)
  const params = new URL(request.url).searchParams
  const tabs = LANDING_TABS.filter((tab) => can(t.user, tab.guard)).map(({ key, label }) => ({ key, label }))
  const tab = tabs.find((x) => x.key === params.get('tab'))?.key ?? tabs[0]!.key
  // The Sales tab reads the rollups only (ADR 0043): its cost does not grow with the orders.
  const [sales, projects] = await Promise.all([tab === 'sales' ? salesTab(t, { signal: request.signal }) : null, tab === 'projects' ? projectsTab(t, params) : null])
  return { user: card, platform: null, sales, tabs, tab, projects }
}

const ROLE_LABELS: Record<string, string> = { superadmin: 'Superadmin', client: 'Owner', user: 'Staff' }

type UserCardData = { name: string; email: string; role: string; organisation: string | null }

function UserCard({ user }: { user: UserCardData }) {
  return (
    <Card aria-label="Your account" className="lg:col-span-1">
      <div className="flex items-center gap-4">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-600 text-lg font-semibold text-white">{user.name.slice(0, 1).toUpperCase()}</span>
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-gray-900">{user.name}</p>
          <p className="truncate text-sm text-gray-500">{user.email}</p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-gray-500">Role</dt>
          <dd className="font-medium text-gray-900">{ROLE_LABELS[user.role] ?? user.role}</dd>
        </div>
        <div>
          <dt className="text-gray-500">Organisation</dt>
          <dd className="font-medium text-gray-900">{user.organisation ?? 'Platform'}</dd>
        </div>
      </dl>
    </Card>
  )
}

export default function DashboardRoute() {
  const { user, sales, platform, tabs, tab, projects } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-gray-900">Dashboard</h1>
      {tab ? <UrlTabs label="Dashboard" current={tab} tabs={tabs.map((x) => ({ ...x, to: `/dashboard?tab=${x.key}` }))} /> : null}
      {tab === 'projects' ? <ProjectsPanel list={projects} /> : null}
      {tab === 'sales' && sales ? <SalesPanel data={sales} userCard={<UserCard user={user} />} /> : null}
      {platform ? (
        <div className="grid gap-4 lg:grid-cols-3">
          <UserCard user={user} />
          <div className="grid gap-4 sm:grid-cols-2 lg:col-span-2 lg:grid-cols-3">
            <StatCard label="Organisations" value={platform.totalOrganisations} testId="totalOrganisations" />
            <StatCard label="Active Organisations" value={platform.activeOrganisations} testId="activeOrganisations" />
            <StatCard label="Users" value={platform.totalUsers} testId="totalUsers" />
          </div>
        </div>
      ) : null}
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Dashboard | Draftdesk' }]
