// The signed-in frame: sidebar, top bar and account banners around the page.
import { useLocation } from '@remix-run/react'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { type Language, type Messages, registerMessages, t } from '#app/i18n/index'
import type { SidebarItem } from '#app/rules/routes'
import { ShellMain, SkipLink } from '#app/ui/main-landmark'
import { useHydrated } from '#app/ui/use-hydrated'
import { Banners, type ShellBanners } from './banners'
import { MenuButton } from './phone-menu'
import { Sidebar } from './sidebar'
import { AnalyticsIdentify, type AnalyticsConfig, ChatWidget, type ChatConfig } from './third-party'
import { TopBar, type TopBarUser } from './top-bar'
import { type ShellUiSettings, useOptimisticUiSettings, useUiSettingsSubmit } from './ui-settings-form'

// Headless UI's Dialog and the drawer come when the menu button first opens it (ADR 0077). Should the
// fetch fail, the button opens nothing rather than the page failing.
const SidebarDrawer = lazy(() => import('./phone-drawer').catch(() => ({ default: () => <></> })))

export type ShellData = {
  user: TopBarUser
  sidebar: SidebarItem[]
  ui: ShellUiSettings
  lang: Language
  /** The texts of `lang` when not English: the browser bundles English only (ADR 0077). */
  messages?: Messages | null
  banners: ShellBanners
  chat: ChatConfig | null
  analytics: AnalyticsConfig | null
  /** The top bar's badge: unread notifications, capped (ADR 0042). */
  notifications: { unread: number }
  /** The portal colours as CSS custom properties (--portal-*); empty for the default look (ADR 0044). */
  theme?: Record<string, string>
}

export function AppShell({ data, children }: { data: ShellData; children: React.ReactNode }) {
  registerMessages(data.lang, data.messages)
  const settings = useOptimisticUiSettings(data.ui)
  const hydrated = useHydrated()
  const onSubmit = useUiSettingsSubmit()
  // Read once here for every link and preferences form of the shell.
  const { pathname, search, key } = useLocation()
  const here = { pathname, redirectTo: `${pathname}${search}` }
  // The phone's drawer (ADR 0070) closes on every navigation, a link to the page it is on included.
  const [menuOpen, setMenuOpen] = useState(false)
  const closeMenu = useCallback(() => setMenuOpen(false), [])
  useEffect(closeMenu, [key, closeMenu])
  const [drawerWanted, setDrawerWanted] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const focusMenuButton = useCallback(() => menuButton.current?.focus(), [])
  const theme = data.theme as React.CSSProperties | undefined
  const brand = data.user.companyName ?? 'Draftdesk'
  return (
    // data-hydrated tells browser tests when the script-driven menus have taken over. The preferences
    // forms of the sidebar and top bar post through the one onSubmit here (the drawer's too: React events
    // bubble through its portal). Below md the sidebar's no-JS list comes after the content (flex-col).
    <div className="flex min-h-full flex-col md:flex-row" data-hydrated={hydrated ? 'true' : undefined} onSubmit={onSubmit} style={theme}>
      <SkipLink label={t(data.lang, 'top.skipToContent')} lang={data.lang} />
      <Sidebar items={data.sidebar} settings={settings} lang={data.lang} brand={brand} here={here} hydrated={hydrated} />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          user={data.user}
          settings={settings}
          lang={data.lang}
          redirectTo={here.redirectTo}
          unread={data.notifications.unread}
          menuButton={
            <MenuButton
              lang={data.lang}
              hydrated={hydrated}
              open={menuOpen}
              buttonRef={menuButton}
              onOpen={() => {
                setDrawerWanted(true)
                setMenuOpen(true)
              }}
            />
          }
        />
        <Banners banners={data.banners} lang={data.lang} />
        <ShellMain className="flex-1 p-4 sm:p-6">{children}</ShellMain>
      </div>
      {hydrated && drawerWanted && (
        <Suspense fallback={null}>
          <SidebarDrawer
            open={menuOpen}
            onClose={closeMenu}
            items={data.sidebar}
            settings={settings}
            lang={data.lang}
            brand={brand}
            here={here}
            theme={theme}
            returnFocus={focusMenuButton}
          />
        </Suspense>
      )}
      <ChatWidget config={data.chat} />
      <AnalyticsIdentify config={data.analytics} />
    </div>
  )
}
