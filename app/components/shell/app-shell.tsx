// The signed-in frame: sidebar, top bar and account banners around the page.
import { useLocation } from '@remix-run/react'
import type { Language } from '#app/i18n/index'
import type { SidebarItem } from '#app/rules/routes'
import { useHydrated } from '#app/ui/use-hydrated'
import { Banners, type ShellBanners } from './banners'
import { Sidebar } from './sidebar'
import { AnalyticsIdentify, type AnalyticsConfig, ChatWidget, type ChatConfig } from './third-party'
import { TopBar, type TopBarUser } from './top-bar'
import { type ShellUiSettings, useOptimisticUiSettings, useUiSettingsSubmit } from './ui-settings-form'

export type ShellData = {
  user: TopBarUser
  sidebar: SidebarItem[]
  ui: ShellUiSettings
  lang: Language
  banners: ShellBanners
  chat: ChatConfig | null
  analytics: AnalyticsConfig | null
  /** The top bar's badge: unread notifications, capped (ADR 0042). */
  notifications: { unread: number }
  /** The portal colours as CSS custom properties (--portal-*); empty for the default look (ADR 0044). */
  theme?: Record<string, string>
}

export function AppShell({ data, children }: { data: ShellData; children: React.ReactNode }) {
  const settings = useOptimisticUiSettings(data.ui)
  const hydrated = useHydrated()
  const onSubmit = useUiSettingsSubmit()
  // Read once here for every link and preferences form of the shell.
  const { pathname, search } = useLocation()
  const here = { pathname, redirectTo: `${pathname}${search}` }
  return (
    // data-hydrated tells browser tests when the script-driven menus have taken over. The preferences
    // forms of the sidebar and top bar post through the one onSubmit here.
    <div className="flex min-h-full" data-hydrated={hydrated ? 'true' : undefined} onSubmit={onSubmit} style={data.theme as React.CSSProperties | undefined}>
      <Sidebar items={data.sidebar} settings={settings} lang={data.lang} brand={data.user.companyName ?? 'Draftdesk'} here={here} />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar user={data.user} settings={settings} lang={data.lang} redirectTo={here.redirectTo} unread={data.notifications.unread} />
        <Banners banners={data.banners} lang={data.lang} />
        <main className="flex-1 p-4 sm:p-6">{children}</main>
      </div>
      <ChatWidget config={data.chat} />
      <AnalyticsIdentify config={data.analytics} />
    </div>
  )
}
