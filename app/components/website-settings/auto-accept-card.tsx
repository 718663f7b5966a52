// The draft auto-accept delay on the features page (ADR 0062): days a delivered draft waits for the customer's
// answer before it is accepted for them (1 to 60; the customer is reminded two days before).
import { Form } from '@remix-run/react'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'

export function AutoAcceptCard({ days, canUpdate, error }: { days: number; canUpdate: boolean; error: string | null }) {
  return (
    <Card aria-labelledby="auto-accept-heading">
      <h2 id="auto-accept-heading" className="text-base font-semibold text-gray-900">
        Accept drafts automatically
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        A draft the customer has not accepted or asked to revise is accepted for them after this many days. They get a reminder two days before.
      </p>
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="auto-accept" />
        <label className="block text-sm font-medium text-gray-700">
          Days
          <input
            type="number"
            name="draftAutoAcceptDays"
            min={1}
            max={60}
            step={1}
            required
            defaultValue={days}
            disabled={!canUpdate}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'auto-accept-error' : undefined}
            className="mt-1 block w-28 rounded-md border-0 px-3 py-2 text-sm ring-1 ring-gray-300 ring-inset"
          />
        </label>
        {canUpdate ? (
          <button type="submit" className={buttonClass('secondary')}>
            Save
          </button>
        ) : null}
      </Form>
      {error ? (
        <p id="auto-accept-error" role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </Card>
  )
}
