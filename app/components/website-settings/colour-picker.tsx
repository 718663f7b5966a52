// A colour field of the portal's colour scheme: a plain #rrggbb text input (all there is without
// JavaScript) and, with it, a swatch button opening a picker; the section keeps one picker open at a time.
import { useEffect, useId, useRef, useState } from 'react'
import { useField } from 'remix-validated-form'
import { FieldError, inputClass, labelClass, VALIDATE_ON_SUBMIT } from '#app/components/form-parts'
import { canonicalColour } from '#app/rules/portal-theme'
import { useHydrated } from '#app/ui/use-hydrated'

const PALETTE = [
  '#ffffff',
  '#f3f4f6',
  '#9ca3af',
  '#374151',
  '#111827',
  '#000000',
  '#1d4ed8',
  '#2563eb',
  '#0ea5e9',
  '#0d9488',
  '#16a34a',
  '#65a30d',
  '#ca8a04',
  '#ea580c',
  '#dc2626',
  '#db2777',
  '#9333ea',
  '#4f46e5',
]

type Props = {
  name: string
  label: string
  fallback: string
  open: boolean
  onOpenChange: (open: boolean) => void
  disabled?: boolean
}

export function ColourField({ name, label, fallback, open, onOpenChange, disabled }: Props) {
  const id = useId()
  const hydrated = useHydrated()
  const panel = useRef<HTMLDivElement>(null)
  // The form's default (or, after a refused post, what was sent) starts it; the picker and the text box both edit it.
  const { error, defaultValue } = useField(name, { validationBehavior: VALIDATE_ON_SUBMIT })
  const [value, onChange] = useState<string>(typeof defaultValue === 'string' ? defaultValue : '')
  const shown = canonicalColour(value) ?? fallback

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onOpenChange(false)
    const onDown = (e: MouseEvent) => {
      const target = e.target as Node
      if (panel.current && !panel.current.contains(target) && !(target as Element).closest?.(`[data-colour-toggle="${id}"]`)) onOpenChange(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('mousedown', onDown)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('mousedown', onDown)
    }
  }, [open, onOpenChange, id])

  const errorId = `${id}-error`
  return (
    <div className="relative">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="flex items-center gap-2">
        {hydrated ? (
          <button
            type="button"
            data-colour-toggle={id}
            aria-label={`Pick ${label}`}
            aria-expanded={open}
            disabled={disabled}
            onClick={() => onOpenChange(!open)}
            className="size-9 shrink-0 rounded-md ring-1 ring-gray-300 ring-inset disabled:cursor-not-allowed"
            style={{ backgroundColor: shown }}
          />
        ) : null}
        {/* The form reads it by name on submit. */}
        <input
          id={id}
          name={name}
          type="text"
          placeholder={fallback}
          autoComplete="off"
          spellCheck={false}
          maxLength={7}
          className={`${inputClass} font-mono`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          readOnly={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <FieldError id={errorId} error={error} />
      {open && hydrated ? (
        <div ref={panel} role="dialog" aria-label={`${label} picker`} className="absolute z-30 mt-2 w-64 space-y-3 rounded-lg bg-white p-3 shadow-lg ring-1 ring-black/10">
          <div className="grid grid-cols-6 gap-2">
            {PALETTE.map((c) => (
              <button
                key={c}
                type="button"
                aria-label={c}
                aria-pressed={shown === c}
                onClick={() => onChange(c)}
                className="size-8 rounded-md ring-1 ring-gray-300 ring-inset aria-pressed:ring-2 aria-pressed:ring-brand-600"
                style={{ backgroundColor: c }}
              />
            ))}
          </div>
          <div className="flex items-center gap-2">
            <input
              type="color"
              aria-label={`${label} custom colour`}
              value={shown}
              onChange={(e) => onChange(e.target.value)}
              className="h-8 w-12 cursor-pointer rounded border-0 bg-transparent"
            />
            <button type="button" onClick={() => onChange('')} className="text-sm font-medium text-gray-600 hover:underline">
              Default
            </button>
            <button type="button" onClick={() => onOpenChange(false)} className="ml-auto text-sm font-medium text-brand-600 hover:underline">
              Done
            </button>
          </div>
        </div>
      ) : null}
    </div>
  )
}
