// Customize Client Portal: company details, colour scheme, social links and the welcome and login
// images in one multipart form. Images are chosen and previewed locally and stored only on Save.
import { useEffect, useId, useRef, useState } from 'react'
import { useField, ValidatedForm } from 'remix-validated-form'
import { FieldError, labelClass, SubmitButton, TextField, VALIDATE_ON_SUBMIT } from '#app/components/forms'
import type { CustomizationJson } from '#app/models/website-settings.server'
import { customizationValidator, IMAGE_HEIGHTS, type ImageKey, SOCIAL_KEYS, SOCIAL_LABELS } from '#app/models/website-settings.schema'
import { COLOUR_KEYS, COLOUR_LABELS, type ColourKey, DEFAULT_COLOURS } from '#app/rules/portal-theme'
import { Card } from '#app/ui/card'
import { useHydrated } from '#app/ui/use-hydrated'
import { ColourField } from './colour-picker'

export const UI_PAGE = '/website-settings/ui'
export const IMAGE_ACCEPT = '.jpeg,.jpg,.png,image/jpeg,image/png'

/** Where the page shows a stored branding image. */
export const brandingUrl = (key: string) => `/branding/${encodeURIComponent(key)}`

const IMAGE_LABELS: Record<ImageKey, string> = { logo: 'Logo', welcomeImg: 'Welcome Image', loginImg: 'Login Image' }

function ImageField({ name, canUpdate }: { name: ImageKey; canUpdate: boolean }) {
  const id = useId()
  const hydrated = useHydrated()
  const fileInput = useRef<HTMLInputElement>(null)
  const { error, defaultValue } = useField(name, { validationBehavior: VALIDATE_ON_SUBMIT })
  const stored = typeof defaultValue === 'string' ? defaultValue : ''
  const [key, setKey] = useState(stored)
  const [localPreview, setLocalPreview] = useState<string | null>(null)
  // Object URLs of picked files are released when replaced or when the page goes.
  useEffect(() => () => (localPreview ? URL.revokeObjectURL(localPreview) : undefined), [localPreview])
  const preview = localPreview ?? (key ? brandingUrl(key) : null)
  const label = IMAGE_LABELS[name]
  const errorId = `${id}-error`
  return (
    <div className="space-y-2">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="flex h-32 items-center justify-center rounded-md bg-gray-50 ring-1 ring-gray-200 ring-inset">
        {preview ? <img src={preview} alt={`${label} preview`} className="max-h-28 max-w-full object-contain" /> : <span className="text-sm text-gray-500">No image</span>}
      </div>
      <input type="hidden" name={name} value={key} />
      {canUpdate ? (
        <>
          <input
            ref={fileInput}
            id={id}
            name={`${name}File`}
            type="file"
            accept={IMAGE_ACCEPT}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : `${id}-hint`}
            onChange={(e) => {
              const file = e.target.files?.[0]
              setLocalPreview(file ? URL.createObjectURL(file) : null)
            }}
            className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-gray-100 file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-gray-200"
          />
          {hydrated ? (
            preview ? (
              <button
                type="button"
                onClick={() => {
                  setKey('')
                  setLocalPreview(null)
                  if (fileInput.current) fileInput.current.value = ''
                }}
                className="text-sm font-medium text-red-700 hover:underline"
              >
                Delete {label}
              </button>
            ) : null
          ) : stored ? (
            <label className="flex items-center gap-2 text-sm text-gray-700">
              <input type="checkbox" name={`${name}Remove`} value="on" className="size-4 rounded border-gray-300" /> Remove {label.toLowerCase()}
            </label>
          ) : null}
        </>
      ) : null}
      <p id={`${id}-hint`} className="text-xs text-gray-500">
        JPEG, JPG or PNG. Recommended height {IMAGE_HEIGHTS[name]}px.
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  )
}

function ColourScheme({ canUpdate }: { canUpdate: boolean }) {
  // One picker open at a time: opening another closes the first.
  const [open, setOpen] = useState<ColourKey | null>(null)
  return (
    <Card aria-label="Color Scheme" className="space-y-4">
      <h2 className="text-lg font-semibold text-gray-900">Color Scheme</h2>
      <p className="text-sm text-gray-500">Leave a colour empty for the default look.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {COLOUR_KEYS.map((k) => (
          <ColourField
            key={k}
            name={k}
            label={COLOUR_LABELS[k]}
            fallback={DEFAULT_COLOURS[k]}
            open={open === k}
            onOpenChange={(o) => setOpen(o ? k : null)}
            disabled={!canUpdate}
          />
        ))}
      </div>
    </Card>
  )
}

export function CustomizationForm({ customization, canUpdate, leadsOnly }: { customization: CustomizationJson; canUpdate: boolean; leadsOnly: boolean }) {
  const defaults = Object.fromEntries(
    Object.entries(customization)
      .filter(([k]) => k !== 'cartSettings')
      .map(([k, v]) => [k, v ?? '']),
  )
  const readOnly = !canUpdate
  return (
    <ValidatedForm method="post" encType="multipart/form-data" validator={customizationValidator} defaultValues={defaults} noValidate className="space-y-6">
      <Card aria-label="Company Details" className="space-y-4">
        <h2 className="text-lg font-semibold text-gray-900">Company Details</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="companyName" label="Company Name" autoComplete="organization" readOnly={readOnly} />
          <TextField name="companyPhone" label="Company Phone" type="tel" autoComplete="tel" readOnly={readOnly} />
          <TextField name="companyAddress" label="Company Address" autoComplete="street-address" readOnly={readOnly} />
          <TextField name="companyEmail" label="Company Email" type="email" autoComplete="email" readOnly={readOnly} />
        </div>
        <div className="max-w-sm">
          <ImageField name="logo" canUpdate={canUpdate} />
        </div>
      </Card>
      {/* Hidden for leads-only users (back-office section 6); the server ignores these fields from them too. */}
      {leadsOnly ? null : (
        <>
          <ColourScheme canUpdate={canUpdate} />
          <Card aria-label="Social Media" className="space-y-4">
            <h2 className="text-lg font-semibold text-gray-900">Social Media</h2>
            <div className="grid gap-4 sm:grid-cols-2">
              {SOCIAL_KEYS.map((k) => (
                <TextField key={k} name={k} label={SOCIAL_LABELS[k]} type="url" placeholder="https://" readOnly={readOnly} />
              ))}
            </div>
          </Card>
          <Card aria-label="Welcome Images" className="space-y-4">
            <h2 className="text-lg font-semibold text-gray-900">Welcome Images</h2>
            <div className="grid gap-6 sm:grid-cols-2">
              <ImageField name="welcomeImg" canUpdate={canUpdate} />
              <ImageField name="loginImg" canUpdate={canUpdate} />
            </div>
          </Card>
        </>
      )}
      {canUpdate ? (
        <div className="w-32">
          <SubmitButton>Save</SubmitButton>
        </div>
      ) : null}
    </ValidatedForm>
  )
}
