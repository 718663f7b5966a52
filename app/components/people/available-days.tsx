// The writer's available days as checkboxes: the staff user form and the contributor's own profile share it.
import { useField } from 'remix-validated-form'
import { FieldError, labelClass, VALIDATE_ON_SUBMIT } from '#app/components/form-parts'
import { WEEK_DAYS } from '#app/models/staff.schema'

export function AvailableDays({ initial, errorId, formId }: { initial: string[]; errorId: string; formId?: string }) {
  const { error } = useField('availableDays', { validationBehavior: VALIDATE_ON_SUBMIT, ...(formId ? { formId } : {}) })
  return (
    <fieldset className="sm:col-span-2">
      <legend className={labelClass}>Available Days</legend>
      <div className="flex flex-wrap gap-4">
        {WEEK_DAYS.map((day) => (
          <label key={day} className="flex items-center gap-1.5 text-sm text-gray-800">
            <input type="checkbox" name="availableDays" value={day} defaultChecked={initial.includes(day)} className="size-4 rounded border-gray-300" />
            {day}
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  )
}
