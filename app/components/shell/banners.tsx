// Account notices above the page: log-in-as, trial days and past-due lock warnings.
import { Link } from '@remix-run/react'
import { t, type Language } from '#app/i18n/index'
import type { PastDueBanner, TrialBanner } from '#app/rules/account-status'
import { Alert } from '#app/ui/alert'

export type ShellBanners = { trial: TrialBanner | null; pastDue: PastDueBanner | null; impersonating: { name: string } | null }

export function Banners({ banners, lang }: { banners: ShellBanners; lang: Language }) {
  const { trial, pastDue, impersonating } = banners
  if (!trial && !pastDue && !impersonating) return null
  return (
    <div className="space-y-2 px-4 pt-4 sm:px-6">
      {/* The trial and past-due lines are translated (lang below); the log-in-as line is English like the page. */}
      {impersonating && (
        <Alert tone="info">
          <span>
            Signed in as {impersonating.name} {/* A post, so a link prefetch or crawler can never end the session. */}
            <form method="post" action="/impersonation/return" className="inline">
              <button type="submit" className="cursor-pointer font-semibold underline">
                (return)
              </button>
            </form>
          </span>
        </Alert>
      )}
      {trial && (
        <Alert tone={trial.kind === 'expired' ? 'danger' : 'info'} lang={lang}>
          <span>{trial.kind === 'expired' ? t(lang, 'banner.trialExpired') : t(lang, 'banner.trialDaysLeft', { days: trial.days })}</span>
          <Link to="/payments/upgrade" className="font-semibold underline">
            {t(lang, 'banner.upgrade')}
          </Link>
        </Alert>
      )}
      {pastDue && (
        <Alert tone="warning" lang={lang}>
          <span>{t(lang, 'banner.pastDue', { days: pastDue.daysUntilLock })}</span>
          <Link to="/payments/invoices" className="font-semibold underline">
            {t(lang, 'top.billing')}
          </Link>
        </Alert>
      )}
    </div>
  )
}
