// The checkout's subdomain: filled from the business name until edited by hand, checked 800 ms after
// typing stops, and given a silent random suffix when an auto-filled name is taken (portal spec section 4).
import { useEffect, useId, useRef, useState } from 'react'
import { useField } from 'remix-validated-form'
import { FieldError, inputClass, labelClass, VALIDATE_ON_SUBMIT } from '#app/components/form-parts'
import { checkSubdomain, suggestSubdomain, withRandomSuffix } from '#app/rules/subdomain'

export const SUBDOMAIN_CHECK_DELAY_MS = 800
/** Taken names auto-filled from the business name are retried with a new suffix at most this often. */
const MAX_SUFFIX_TRIES = 5

export type SubdomainState = { value: string; status: 'idle' | 'checking' | 'valid' | 'invalid'; error?: string }

async function askServer(subdomain: string, signal: AbortSignal): Promise<{ ok: boolean; error?: string }> {
  const res = await fetch(`/api/subdomains/validate?subdomain=${encodeURIComponent(subdomain)}`, { signal, headers: { Accept: 'application/json' } })
  const body = (await res.json().catch(() => ({}))) as { status?: boolean; error?: string }
  return body.status === true ? { ok: true } : { ok: false, error: body.error ?? 'Please Try Again Later!' }
}

/**
 * `businessName` drives the suggestion; `onChange` reports whether Pay may be pressed. Without
 * JavaScript this is a plain input the server checks on submit.
 */
export function SubdomainField({ businessName, suffix, onState }: { businessName: string; suffix: string; onState: (state: SubdomainState) => void }) {
  const id = useId()
  const field = useField('subDomain', { validationBehavior: VALIDATE_ON_SUBMIT })
  const initial = typeof field.defaultValue === 'string' ? field.defaultValue : ''
  const [value, setValue] = useState(initial)
  const [editedByHand, setEditedByHand] = useState(initial !== '')
  const [state, setState] = useState<SubdomainState>({ value: initial, status: 'idle' })
  const report = useRef(onState)
  report.current = onState

  // Until edited by hand, the name follows the business name.
  useEffect(() => {
    if (!editedByHand) setValue(suggestSubdomain(businessName))
  }, [businessName, editedByHand])

  useEffect(() => {
    const local = checkSubdomain(value)
    if (!value) return update({ value, status: 'idle' })
    if (!local.ok) return update({ value, status: 'invalid', error: local.error })
    update({ value, status: 'checking' })
    const controller = new AbortController()
    const timer = setTimeout(async () => {
      try {
        let candidate = value
        for (let tries = 0; ; tries++) {
          const answer = await askServer(candidate, controller.signal)
          if (answer.ok) {
            if (candidate !== value) setValue(candidate)
            return update({ value: candidate, status: 'valid' })
          }
          const taken = answer.error?.includes('already taken')
          if (!taken || editedByHand || tries >= MAX_SUFFIX_TRIES) return update({ value: candidate, status: 'invalid', error: answer.error })
          candidate = withRandomSuffix(suggestSubdomain(businessName) || value)
        }
      } catch (error) {
        if ((error as Error).name !== 'AbortError') update({ value, status: 'invalid', error: 'Please Try Again Later!' })
      }
    }, SUBDOMAIN_CHECK_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
    // businessName is read for the suffix retry only; a change of it already changes `value`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, editedByHand])

  function update(next: SubdomainState) {
    setState(next)
    report.current(next)
  }

  const error = state.status === 'invalid' ? state.error : field.error
  const errorId = `${id}-error`
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Subdomain
      </label>
      <div className="flex rounded-md shadow-sm">
        <input
          id={id}
          name="subDomain"
          value={value}
          onChange={(event) => {
            setEditedByHand(true)
            field.clearError()
            setValue(event.target.value.trim())
          }}
          autoComplete="off"
          maxLength={20}
          className={`${inputClass} rounded-r-none`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : `${id}-status`}
        />
        <span className="inline-flex items-center rounded-r-md border border-l-0 border-gray-300 bg-gray-50 px-3 text-sm text-gray-500">.{suffix}</span>
      </div>
      <p id={`${id}-status`} className="mt-1 text-xs text-gray-500" aria-live="polite">
        {state.status === 'checking' ? 'Checking availability…' : state.status === 'valid' ? 'Available' : ''}
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  )
}
