// A read-only link with a Copy button ('Copied to clipboard'); without JavaScript the text stays selectable.
import { useId, useRef, useState } from 'react'
import { inputClass, labelClass } from '#app/components/form-parts'
import { useHydrated } from '#app/ui/use-hydrated'

export function CopyLink({ label, value }: { label: string; value: string }) {
  const id = useId()
  const ref = useRef<HTMLInputElement>(null)
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
    } catch {
      ref.current?.select()
      document.execCommand('copy')
    }
    setCopied(true)
    setTimeout(() => setCopied(false), 1500)
  }
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="flex gap-2">
        <input ref={ref} id={id} readOnly value={value} className={inputClass} onFocus={(e) => e.target.select()} />
        {hydrated ? (
          <button type="button" onClick={copy} className="rounded-md px-3 py-2 text-sm font-medium ring-1 ring-gray-300 hover:bg-gray-50" aria-label={`Copy ${label}`}>
            Copy
          </button>
        ) : null}
      </div>
      {copied ? (
        <p role="status" className="mt-1 text-sm text-green-700">
          Copied to clipboard
        </p>
      ) : null}
    </div>
  )
}
