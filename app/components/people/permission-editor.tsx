// The permission editor: role switches (Contributor, Reviewer), 'Grant Full Permissions' and one checkbox per
// permission. With JavaScript enabling one enables what it requires and those stay locked on; without it the
// plain checkboxes post and the server applies the same closure (closePermissions).
import { useId } from 'react'
import { lockedPermissions, permissionsCatalogue, type PermissionGroup } from '#app/rules/permissions'
import { hasFullPermissions, ROLE_SWITCHES, setFullPermissions, togglePermission } from '#app/rules/people'
import { useHydrated } from '#app/ui/use-hydrated'

const ROLE_ACTIONS = new Set<string>(Object.values(ROLE_SWITCHES))
const CATALOGUE = permissionsCatalogue()

const checkboxClass = 'size-4 rounded border-gray-300 text-brand-600 focus:ring-brand-600 disabled:opacity-60'

export function PermissionEditor({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const hydrated = useHydrated()
  const id = useId()
  const locked = new Set(hydrated ? lockedPermissions(value) : [])
  const held = new Set(value)
  const full = hasFullPermissions(value)

  const box = (action: string, label: string, opts: { role?: boolean } = {}) => {
    const isLocked = locked.has(action)
    const inputId = `${id}-${action}`
    return (
      <div key={action} className="flex items-center gap-2">
        <input
          id={inputId}
          type="checkbox"
          name="permissions"
          value={action}
          role={opts.role ? 'switch' : undefined}
          className={checkboxClass}
          {...(hydrated
            ? { checked: held.has(action), disabled: isLocked, onChange: (e) => onChange(togglePermission(value, action, e.target.checked)) }
            : { defaultChecked: held.has(action) })}
          aria-describedby={isLocked ? `${inputId}-locked` : undefined}
        />
        <label htmlFor={inputId} className="text-sm text-gray-800">
          {label}
        </label>
        {isLocked ? (
          <>
            {/* A disabled checkbox posts nothing, so the locked permission travels in a hidden field. */}
            <input type="hidden" name="permissions" value={action} />
            <span id={`${inputId}-locked`} className="text-xs text-gray-500">
              (required)
            </span>
          </>
        ) : null}
      </div>
    )
  }

  return (
    <div className="space-y-4" data-testid="permission-editor">
      <div className="flex flex-wrap gap-6 rounded-md bg-gray-50 p-3">
        {box(ROLE_SWITCHES.contributor, 'Contributor', { role: true })}
        {box(ROLE_SWITCHES.reviewer, 'Reviewer', { role: true })}
        <div className="flex items-center gap-2">
          <input
            id={`${id}-full`}
            type="checkbox"
            name="fullPermissions"
            value="true"
            role="switch"
            className={checkboxClass}
            {...(hydrated ? { checked: full, onChange: (e) => onChange(setFullPermissions(value, e.target.checked)) } : { defaultChecked: full })}
          />
          <label htmlFor={`${id}-full`} className="text-sm font-medium text-gray-800">
            Grant Full Permissions
          </label>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {(Object.entries(CATALOGUE) as [PermissionGroup, (typeof CATALOGUE)[PermissionGroup]][]).map(([group, entries]) => {
          const shown = entries.filter((e) => !ROLE_ACTIONS.has(e.action))
          if (shown.length === 0) return null
          return (
            <fieldset key={group} className="rounded-md border border-gray-200 p-3">
              <legend className="px-1 text-xs font-semibold tracking-wide text-gray-500 uppercase">{group}</legend>
              <div className="space-y-1.5">{shown.map((e) => box(e.action, e.label))}</div>
            </fieldset>
          )
        })}
      </div>
    </div>
  )
}
