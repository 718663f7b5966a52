// /website-settings/features: the organisation's feature switches (UPDATE_FEATURES; two-factor and
// hide-invoices for the owner only) and the default currency behind a confirmation (ADR 0044).
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { SuccessAlert } from '#app/components/form-parts'
import { PageHeader } from '#app/components/page'
import { ConfirmCurrencyDialog, CurrencyCard, CurrencyChangedDialog, FEATURES_PAGE, FeaturesForm } from '#app/components/website-settings/features-form'
import { getWebsiteSettings } from '#app/models/organisation-settings.server'
import { AutoAcceptCard } from '#app/components/website-settings/auto-accept-card'
import { auditAction } from '#app/models/audit.server'
import { autoAcceptDays, saveAutoAcceptDays } from '#app/models/customer-drafts.server'
import { CURRENCIES, currencySchema, featuresValidator, OWNER_ONLY_SETTINGS, SETTING_LABELS } from '#app/models/website-settings.schema'
import { CURRENCY_FAILED, websiteSettingsActions } from '#app/models/website-settings.server'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { requirePermission, type Tenant } from '#app/models/auth-guards.server'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { Alert } from '#app/ui/alert'
import { readForm } from '#app/services/form-request.server'

const SAVED = 'Saved Successfully!'

type SettingKey = keyof typeof SETTING_LABELS

/** The switches this person sees: two-factor and hide-invoices only for the owner (back-office section 6). */
function visibleKeys(role: string): SettingKey[] {
  return (Object.keys(SETTING_LABELS) as SettingKey[]).filter((k) => role === 'client' || !(OWNER_ONLY_SETTINGS as readonly string[]).includes(k))
}

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard(FEATURES_PAGE))
  const canUpdate = can(t.user, { all: ['UPDATE_FEATURES'] })
  const asked = new URL(request.url).searchParams.get('confirmCurrency')
  const { toast, headers } = await takeToast(request)
  return data(
    {
      settings: await getWebsiteSettings(t),
      autoAcceptDays: await autoAcceptDays(t),
      keys: visibleKeys(t.user.role),
      currency: t.user.currencyType,
      canUpdate,
      confirmCurrency: canUpdate && (CURRENCIES as readonly string[]).includes(asked ?? '') ? asked : null,
      // Save without a choice (no JavaScript: the button cannot be disabled) says what is missing.
      currencyError: canUpdate && asked === '' ? (currencySchema.safeParse({ selectedCurrency: '' }).error?.issues[0]?.message ?? null) : null,
      toast,
    },
    { headers },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, { all: ['UPDATE_FEATURES'] })
  const form = await readForm(request)
  switch (form.get('intent')) {
    case 'features':
      return saveFeatures(request, t, form)
    case 'currency':
      return changeCurrency(request, t, form)
    case 'auto-accept': {
      const raw = String(form.get('draftAutoAcceptDays') ?? '').trim()
      const saved = await saveAutoAcceptDays(t, /^\d{1,3}$/.test(raw) ? Number(raw) : NaN)
      if (!saved.ok) return data({ autoAcceptError: saved.error }, { status: 400 })
      await auditAction(t, request, { module: 'website_settings', action: 'draft_auto_accept', message: `Drafts are accepted automatically after ${saved.days} days` })
      return redirectWithToast(request, FEATURES_PAGE, SAVED)
    }
    default:
      return data({ error: 'Unknown action' }, { status: 400 })
  }
}

async function saveFeatures(request: Request, t: Tenant, form: FormData) {
  const result = await featuresValidator.validate(form)
  if (result.error) return validationError(result.error, result.submittedData)
  const saved = await websiteSettingsActions.saveFeatures(t, request, result.data)
  if (!saved.ok) return data({ error: saved.error }, { status: saved.status })
  return redirectWithToast(request, FEATURES_PAGE, SAVED)
}

async function changeCurrency(request: Request, t: Tenant, form: FormData) {
  const parsed = currencySchema.safeParse({ selectedCurrency: form.get('selectedCurrency') })
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? CURRENCY_FAILED }, { status: 400 })
  try {
    const changed = await websiteSettingsActions.changeCurrency(t, request, parsed.data.selectedCurrency)
    return data({ changed: changed.currencyType })
  } catch (error) {
    console.error('[features] currency change failed', error)
    return data({ error: CURRENCY_FAILED }, { status: 500 })
  }
}

export default function FeaturesRoute() {
  const { settings, keys, currency, canUpdate, confirmCurrency, currencyError, toast, autoAcceptDays: days } = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>() as { changed?: string; error?: string; autoAcceptError?: string } | undefined
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader title="Platform Features" />
      <SuccessAlert>{toast}</SuccessAlert>
      {posted?.error ? <Alert tone="danger">{posted.error}</Alert> : null}
      {posted?.changed ? <CurrencyChangedDialog /> : confirmCurrency ? <ConfirmCurrencyDialog currency={confirmCurrency} /> : null}
      <FeaturesForm settings={settings} keys={keys} canUpdate={canUpdate} />
      <AutoAcceptCard days={days} canUpdate={canUpdate} error={posted?.autoAcceptError ?? null} />
      <CurrencyCard current={currency} canUpdate={canUpdate} error={currencyError} />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Platform Features | Draftdesk' }]
