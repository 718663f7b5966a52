// Pieces the order dialogs share: the form-level refusal, the priority badge and picker, order ids as hidden fields.
import { useField } from 'remix-validated-form'
import { FieldError, FormAlert, labelClass, VALIDATE_ON_SUBMIT } from '#app/components/form-parts'
import { FORM_ERROR_FIELD } from '#app/models/order-actions.schema'
import { ORDER_PRIORITIES, PRIORITY_STYLE } from '#app/rules/order-priority'
import { cn } from '#app/ui/cn'
import { PriorityDot } from './priority-badge'

/** A refusal of the whole form (e.g. a completed order), sent back by the action under FORM_ERROR_FIELD. */
export function FormRefusal() {
  const { error } = useField(FORM_ERROR_FIELD)
  return error ? <FormAlert>{error}</FormAlert> : null
}

export function HiddenIds({ name, ids }: { name: string; ids: readonly string[] }) {
  return (
    <>
      {ids.map((id) => (
        <input key={id} type="hidden" name={name} value={id} />
      ))}
    </>
  )
}

export { PriorityBadge } from './priority-badge'

/** Four radio pills, each in its priority's colour with its dot; works as a plain form field without JavaScript. */
export function PriorityPicker({ name = 'priority' }: { name?: string }) {
  const { error, defaultValue } = useField(name, { validationBehavior: VALIDATE_ON_SUBMIT })
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className={labelClass}>Priority</legend>
      <div className="flex flex-wrap gap-2">
        {ORDER_PRIORITIES.map((p) => {
          const style = PRIORITY_STYLE[p]
          return (
            <label
              key={p}
              className={cn(
                'inline-flex cursor-pointer items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-inset has-[:checked]:ring-2 has-[:checked]:ring-offset-1',
                style.className,
              )}
            >
              <input type="radio" name={name} value={p} defaultChecked={defaultValue === p} className="size-3.5" />
              <PriorityDot priority={p} />
              {style.label}
            </label>
          )
        })}
      </div>
      <FieldError id={`${name}-error`} error={error} />
    </fieldset>
  )
}
