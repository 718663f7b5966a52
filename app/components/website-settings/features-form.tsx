// Platform Features: the website settings switches with one Save, and the default currency with its
// confirm and success dialogs (open state in the URL, so both work without JavaScript).
import { Form, Link, useNavigate } from '@remix-run/react'
import { useEffect, useId, useState } from 'react'
import { ValidatedForm } from 'remix-validated-form'
import { inputClass, labelClass, SubmitButton, SuccessAlert } from '#app/components/forms'
import type { WebsiteSettings } from '#app/models/organisation-settings.server'
import { CURRENCIES, featuresValidator, SETTING_LABELS } from '#app/models/website-settings.schema'
import { currencySymbol } from '#app/rules/money'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { PanelDialog } from '#app/ui/panel-dialog'
import { useHydrated } from '#app/ui/use-hydrated'

export const FEATURES_PAGE = '/website-settings/features'
/** The success dialog closes after 1.5 s (back-office section 9). */
export const CURRENCY_SUCCESS_MS = 1500
export const CURRENCY_CHANGED = 'Changed Successfully!'

export function currencyLabel(code: string) {
  return `${code.toUpperCase()} (${currencySymbol(code)})`
}

type SettingKey = keyof typeof SETTING_LABELS

/** A checkbox drawn as a switch: the input covers the track, so it is a real, clickable control without JavaScript. */
function SettingSwitch({ name, label, description, on, disabled }: { name: SettingKey; label: string; description: string; on: boolean; disabled: boolean }) {
  const id = useId()
  return (
    <li className="flex items-start justify-between gap-6 py-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-gray-900">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-gray-500">
          {description}
        </p>
      </div>
      <span className="relative inline-flex h-5 w-9 shrink-0">
        {/* Unticked boxes post nothing: the hidden field says false, a ticked box's true comes after it and wins. */}
        <input type="hidden" name={name} value="false" disabled={disabled} />
        <input
          id={id}
          type="checkbox"
          role="switch"
          name={name}
          value="true"
          defaultChecked={on}
          disabled={disabled}
          aria-describedby={`${id}-description`}
          className="peer absolute inset-0 z-10 cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
        <span
          aria-hidden
          className="pointer-events-none absolute inset-0 rounded-full bg-gray-300 transition-colors peer-checked:bg-brand-600 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2 peer-disabled:opacity-50"
        />
        <span aria-hidden className="pointer-events-none absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow transition-transform peer-checked:translate-x-4" />
      </span>
    </li>
  )
}

export function FeaturesForm({ settings, keys, canUpdate }: { settings: WebsiteSettings; keys: SettingKey[]; canUpdate: boolean }) {
  return (
    <Card aria-label="Features">
      <h2 className="text-lg font-semibold text-gray-900">Features</h2>
      <ValidatedForm method="post" validator={featuresValidator} noValidate>
        <input type="hidden" name="intent" value="features" />
        <ul className="divide-y divide-gray-100">
          {keys.map((key) => (
            <SettingSwitch key={key} name={key} label={SETTING_LABELS[key][0]} description={SETTING_LABELS[key][1]} on={settings[key]} disabled={!canUpdate} />
          ))}
        </ul>
        {canUpdate ? (
          <div className="w-28 pt-2">
            <SubmitButton>Save</SubmitButton>
          </div>
        ) : null}
      </ValidatedForm>
    </Card>
  )
}

export function CurrencyCard({ current, canUpdate, error }: { current: string; canUpdate: boolean; error?: string | null }) {
  const hydrated = useHydrated()
  const [chosen, setChosen] = useState('')
  const id = useId()
  return (
    <Card aria-label="Default Currency" className="space-y-4">
      <h2 className="text-lg font-semibold text-gray-900">Default Currency</h2>
      <p className="text-sm text-gray-700">
        Current default currency: <strong data-testid="current-currency">{currencyLabel(current)}</strong>
      </p>
      {canUpdate ? (
        // A GET form: Save opens the confirmation (?confirmCurrency=...), which asks before anything changes.
        <Form method="get" className="flex flex-wrap items-end gap-3" preventScrollReset>
          <div className="w-56">
            <label htmlFor={id} className={labelClass}>
              Currency
            </label>
            <select id={id} name="confirmCurrency" value={chosen} onChange={(e) => setChosen(e.target.value)} className={inputClass}>
              <option value="">Select currency</option>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {currencyLabel(c)}
                </option>
              ))}
            </select>
          </div>
          {/* Disabled until a currency is chosen (back-office section 5); without JavaScript the server says so. */}
          <button type="submit" className={buttonClass('primary')} disabled={hydrated && !chosen}>
            Save
          </button>
        </Form>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Card>
  )
}

export function ConfirmCurrencyDialog({ currency }: { currency: string }) {
  return (
    <PanelDialog title="Change Default Currency" closeTo={FEATURES_PAGE}>
      <Form method="post" action={FEATURES_PAGE} className="space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value="currency" />
        <input type="hidden" name="selectedCurrency" value={currency} />
        <p className="text-sm text-gray-700">
          Change the default currency to <strong>{currencyLabel(currency)}</strong>? New prices and invoices will be shown in this currency.
        </p>
        <div className="flex justify-end gap-3">
          <Link to={FEATURES_PAGE} preventScrollReset className={buttonClass('secondary')}>
            Cancel
          </Link>
          <button type="submit" className={buttonClass('primary')}>
            Yes, change it
          </button>
        </div>
      </Form>
    </PanelDialog>
  )
}

/** Shown after the change, then gone after 1.5 s (a timer with JavaScript, a meta refresh without). */
export function CurrencyChangedDialog() {
  const navigate = useNavigate()
  useEffect(() => {
    const timer = setTimeout(() => navigate(FEATURES_PAGE, { replace: true, preventScrollReset: true }), CURRENCY_SUCCESS_MS)
    return () => clearTimeout(timer)
  }, [navigate])
  return (
    <PanelDialog title="Default Currency" closeTo={FEATURES_PAGE}>
      <SuccessAlert>{CURRENCY_CHANGED}</SuccessAlert>
      <noscript>
        <meta httpEquiv="refresh" content={`${CURRENCY_SUCCESS_MS / 1000};url=${FEATURES_PAGE}`} />
      </noscript>
    </PanelDialog>
  )
}
