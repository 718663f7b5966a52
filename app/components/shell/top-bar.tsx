// The bar above every page: sidebar toggle (the phone's menu button below md), language switch,
// notifications and the profile menu. At 390 px it fits: the company name gives way first.
import { NotificationMenu } from '#app/components/notifications/notification-menu'
import { type Language, LANGUAGES, t } from '#app/i18n/index'
import { LinkMenu } from '#app/ui/menu'
import { useHydrated } from '#app/ui/use-hydrated'
import { Icon } from './icons'
import { type ShellUiSettings, UiSettingsForm } from './ui-settings-form'

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch', it: 'Italiano', ru: 'Русский', es: 'Español' }

export type TopBarUser = { firstName: string; lastName: string; email: string; companyName: string | null }

function SidebarToggle({ settings, lang, redirectTo }: { settings: ShellUiSettings; lang: Language; redirectTo: string }) {
  const condensed = settings.sidebar === 'condensed'
  const label = t(lang, condensed ? 'top.expandSidebar' : 'top.collapseSidebar')
  return (
    <UiSettingsForm redirectTo={redirectTo} className="hidden md:block">
      <input type="hidden" name="intent" value="sidebar" />
      <button type="submit" name="mode" value={condensed ? 'default' : 'condensed'} aria-label={label} title={label} className="portal-topbar-control rounded-md p-1.5">
        <Icon name={condensed ? 'expand' : 'collapse'} />
      </button>
    </UiSettingsForm>
  )
}

function LanguageSwitch({ lang, redirectTo }: { lang: Language; redirectTo: string }) {
  const hydrated = useHydrated()
  return (
    <UiSettingsForm redirectTo={redirectTo} className="flex items-center gap-2">
      <input type="hidden" name="intent" value="language" />
      <label htmlFor="ui-language" className="sr-only">
        {t(lang, 'top.language')}
      </label>
      <select
        id="ui-language"
        name="lang"
        defaultValue={lang}
        key={lang}
        // The shell's submit handler posts it (useUiSettingsSubmit).
        onChange={(e) => e.currentTarget.form?.requestSubmit()}
        className="rounded-md border-0 bg-white py-1.5 pr-8 pl-2 text-sm text-gray-700 ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-brand-600"
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      {/* Without JavaScript the change needs an explicit submit. */}
      {!hydrated && (
        <button type="submit" className="portal-topbar-control rounded-md px-2 py-1.5 text-sm font-medium ring-1 ring-current">
          OK
        </button>
      )}
    </UiSettingsForm>
  )
}

function initials(user: TopBarUser) {
  return `${user.firstName.slice(0, 1)}${user.lastName.slice(0, 1)}`.toUpperCase() || '?'
}

export function TopBar({
  user,
  settings,
  lang,
  redirectTo,
  unread,
  menuButton,
}: {
  user: TopBarUser
  settings: ShellUiSettings
  lang: Language
  redirectTo: string
  /** Unread notifications (capped, ADR 0042). */
  unread: number
  /** The phone's menu button (below md; the sidebar toggle takes its place from md up). */
  menuButton: React.ReactNode
}) {
  return (
    <header lang={lang} className="portal-topbar flex h-16 shrink-0 items-center gap-2 border-b border-gray-200 px-4 sm:gap-4 sm:px-6">
      {menuButton}
      <SidebarToggle settings={settings} lang={lang} redirectTo={redirectTo} />
      <div className="min-w-0 flex-1 truncate text-sm font-medium">{user.companyName}</div>
      <LanguageSwitch lang={lang} redirectTo={redirectTo} />
      <NotificationMenu unread={unread} lang={lang} redirectTo={redirectTo} />
      {/* No aria-label: the name is what the button shows (initials, the name from sm up) and then what it is,
          so it contains the visible text (WCAG 2.5.3); the spaces keep the words apart in that name. */}
      <LinkMenu
        button={
          <span className="flex items-center gap-2">
            <span className="flex size-8 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white">{initials(user)}</span>{' '}
            <span className="sr-only text-sm font-medium sm:not-sr-only">
              {user.firstName} {user.lastName}
            </span>
            <span className="sr-only">, {t(lang, 'top.userMenu')}</span>
            <Icon name="chevronDown" className="size-4" />
          </span>
        }
        header={
          <div className="border-b border-gray-100 px-4 py-2">
            <p className="truncate text-sm font-medium text-gray-900">
              {user.firstName} {user.lastName}
            </p>
            <p className="truncate text-xs text-gray-500">{user.email}</p>
          </div>
        }
        items={[
          { label: t(lang, 'top.profile'), to: '/profile' },
          { label: t(lang, 'top.logout'), to: '/logout', reloadDocument: true },
        ]}
      />
    </header>
  )
}
