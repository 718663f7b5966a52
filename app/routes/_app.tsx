// The signed-in layout: requires a session, then renders the shell (sidebar, top bar, banners).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { AppShell, type ShellData } from '#app/components/shell/app-shell'
import { paymentDueDays, toUserJson, trialDaysLeft } from '#app/models/account.server'
import { shellFacts } from '#app/models/shell.server'
import { RouteErrorContent } from '#app/components/error-screens'
import { pastDueBanner, sidebarRestricted, trialBanner } from '#app/rules/account-status'
import { can, CONTACT_TEAM_PERMISSION } from '#app/rules/permissions'
import { themeStyle } from '#app/rules/portal-theme'
import { sidebarFor } from '#app/rules/routes'
import { crmSidebarFor } from './crm-request.server'
import { getAuth, requireUser, tenantOf } from '#app/models/auth-guards.server'
import { env } from '#app/services/env.server'
import { getUiSettings, languageOf } from '#app/services/ui-settings.server'
import { messagesToSend } from '#app/i18n/index'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { session } = await getAuth(request)
  const userJson = toUserJson(user)
  // The organisation's colours, the badge's capped unread count (the list is fetched when the dropdown
  // opens, ADR 0042) and the CRM section's plan and location: one round trip, beside the settings read.
  const [ui, facts] = await Promise.all([getUiSettings(request), user.clientId === null ? null : shellFacts(tenantOf(user as typeof user & { clientId: number }))])
  // The portal colours as CSS custom properties on the shell (Customize Client Portal, ADR 0044).
  const theme = facts ? themeStyle(facts.colours) : {}
  const dueDays = paymentDueDays(user)
  const restricted = user.role === 'client' && sidebarRestricted(user.packageStatus, dueDays, trialDaysLeft(user))
  const name = `${user.firstName} ${user.lastName}`.trim()
  const config = env()
  const lang = languageOf(ui, session.get('lang'))

  const shell: ShellData = {
    user: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      companyName: userJson.companyDetails?.companyName ?? null,
    },
    // Platform staff (no organisation, not superadmin) see what their platform role's modules grant.
    // The CRM section only while the organisation's CRM is available (ADR 0049).
    sidebar: await crmSidebarFor(
      user,
      sidebarFor({
        role: user.role,
        permissions: user.permissions,
        roleModules: user.clientId === null && user.role !== 'superadmin' ? (user.roleModules ?? []) : undefined,
        restricted,
        leadsOnly: user.leadsOnly,
      }),
      facts?.crm ?? null,
    ),
    ui: { sidebar: ui.sidebar, expanded: ui.expanded },
    lang,
    messages: messagesToSend(lang),
    banners: {
      trial: trialBanner(userJson.trialUser, trialDaysLeft(user)),
      pastDue: pastDueBanner(user.packageStatus, dueDays),
      impersonating: session.get('impersonatorUserId') ? { name } : null,
    },
    chat: config.INTERCOM_APP_ID
      ? {
          appId: config.INTERCOM_APP_ID,
          show: can(user, { all: [CONTACT_TEAM_PERMISSION] }),
          user: { id: userJson._id, name, email: user.email, userHash: userJson.intercomHashId },
        }
      : null,
    analytics: config.ANALYTICS_KEY ? { key: config.ANALYTICS_KEY, user: { id: userJson._id, name, email: user.email } } : null,
    notifications: { unread: facts?.unread ?? 0 },
    theme,
  }
  // Only the shell goes to the page: nothing in the browser reads the account itself, and every page and
  // revalidation would carry it.
  return { shell }
}

export default function AppLayout() {
  const { shell } = useLoaderData<typeof loader>()
  return (
    <AppShell data={shell}>
      <Outlet />
    </AppShell>
  )
}

export const meta: MetaFunction = () => [{ title: 'Draftdesk' }]

// A page's 403 or 404 keeps the shell around it; when this layout's own loader failed, there is no shell to show.
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>('routes/_app')
  if (!data) return <RouteErrorContent />
  return (
    <AppShell data={data.shell}>
      <RouteErrorContent />
    </AppShell>
  )
}
