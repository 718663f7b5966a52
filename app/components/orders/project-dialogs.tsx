// The project page's dialogs, opened from the URL (PanelDialog): Edit tags, withdraw a draft, reopen a revision.
import { useFetcher } from '@remix-run/react'
import { useEffect } from 'react'
import { ValidatedForm } from 'remix-validated-form'
import { CheckboxField, FormAlert, SubmitButton, SuccessAlert, TextArea, TextField } from '#app/components/forms'
import { FETCHER_FIELD } from '#app/rules/fetcher-field'
import { CONFIRM_IRREVERSIBLE, editTagsValidator, REASON_MAX_LENGTH, withdrawDraftValidator } from '#app/models/projects.schema'
import type { TagJson } from '#app/models/order-tags.server'
import { TAG_MAX_COUNT } from '#app/rules/tags'
import { buttonClass, ButtonLink } from '#app/ui/button'
import { PanelDialog } from '#app/ui/panel-dialog'
import { useHydrated } from '#app/ui/use-hydrated'

/** The page reloads this long after 'Reopened successfully!' (back-office section 9). */
export const RELOAD_AFTER_REOPEN_MS = 1500

export function EditTagsDialog({ action, closeTo, tags, suggestions, error }: { action: string; closeTo: string; tags: string[]; suggestions: TagJson[]; error?: string | null }) {
  const unused = suggestions.filter((s) => !tags.includes(s.text))
  return (
    <PanelDialog title="Edit tags" closeTo={closeTo}>
      <ValidatedForm id="edit-tags" validator={editTagsValidator} method="post" action={action} defaultValues={{ tags }} className="space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value="tags" />
        <FormAlert>{error}</FormAlert>
        {tags.length ? (
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium text-gray-700">Tags of this order (untick to remove)</legend>
            {tags.map((tag) => (
              <CheckboxField key={tag} name="tags" value={tag} label={tag} />
            ))}
          </fieldset>
        ) : null}
        <TextField name="newTags" label="Add tags" list="tag-suggestions" placeholder="e.g. rush, vip" autoComplete="off" maxLength={2000} />
        <p className="-mt-2 text-xs text-gray-500">Separate several tags with commas. Tags are saved in lowercase; at most {TAG_MAX_COUNT} per order.</p>
        <datalist id="tag-suggestions">
          {unused.map((s) => (
            <option key={s._id} value={s.text} />
          ))}
        </datalist>
        <div className="flex gap-3">
          <SubmitButton className={buttonClass('primary')}>Save</SubmitButton>
          <ButtonLink to={closeTo} variant="secondary" preventScrollReset>
            Cancel
          </ButtonLink>
        </div>
      </ValidatedForm>
    </PanelDialog>
  )
}

export function WithdrawDraftDialog({
  action,
  closeTo,
  draftId,
  draftLabel,
  error,
}: {
  action: string
  closeTo: string
  draftId: string
  draftLabel: string
  error?: string | null
}) {
  return (
    <PanelDialog title="Withdraw Draft" closeTo={closeTo}>
      <ValidatedForm id="withdraw-draft" validator={withdrawDraftValidator} method="post" action={action} className="space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value="withdraw" />
        <input type="hidden" name="draftId" value={draftId} />
        <FormAlert>{error}</FormAlert>
        <p className="text-sm text-gray-700">
          Withdraw {draftLabel}? {CONFIRM_IRREVERSIBLE}
        </p>
        <TextArea name="reason" label="Reason" rows={3} maxLength={REASON_MAX_LENGTH} />
        <div className="flex gap-3">
          <SubmitButton className={buttonClass('primary', 'bg-red-600 hover:bg-red-700')}>Yes, withdraw it</SubmitButton>
          <ButtonLink to={closeTo} variant="secondary" preventScrollReset>
            Cancel
          </ButtonLink>
        </div>
      </ValidatedForm>
    </PanelDialog>
  )
}

/**
 * Confirms reopening: without JavaScript a plain post (the page comes back with the message); with it
 * a fetcher shows 'Reopened successfully!' and the page reloads 1.5 s later, as the spec says.
 */
export function ReopenRevisionDialog({
  action,
  closeTo,
  serviceId,
  serviceName,
  error,
}: {
  action: string
  closeTo: string
  serviceId: string
  serviceName: string
  error?: string | null
}) {
  const fetcher = useFetcher<{ ok: boolean; message?: string; error?: string }>()
  const hydrated = useHydrated()
  const done = fetcher.state === 'idle' && fetcher.data?.ok ? fetcher.data.message : null
  useEffect(() => {
    if (!done) return
    const timer = setTimeout(() => window.location.assign(closeTo), RELOAD_AFTER_REOPEN_MS)
    return () => clearTimeout(timer)
  }, [done, closeTo])
  const shownError = (fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null) ?? error
  return (
    <PanelDialog title="Reopen Revision" closeTo={closeTo}>
      <fetcher.Form method="post" action={action} className="space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value="reopen" />
        <input type="hidden" name="serviceId" value={serviceId} />
        {hydrated ? <input type="hidden" name={FETCHER_FIELD} value="1" /> : null}
        <FormAlert>{shownError}</FormAlert>
        <SuccessAlert>{done}</SuccessAlert>
        <p className="text-sm text-gray-700">
          Reopen the revision of {serviceName}? {CONFIRM_IRREVERSIBLE}
        </p>
        <div className="flex gap-3">
          <button type="submit" disabled={fetcher.state !== 'idle' || !!done} className={buttonClass('primary')}>
            Yes, reopen it
          </button>
          <ButtonLink to={closeTo} variant="secondary" preventScrollReset>
            Cancel
          </ButtonLink>
        </div>
      </fetcher.Form>
    </PanelDialog>
  )
}
