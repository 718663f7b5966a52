// The form builder: questions with type, text, required flag and options; reorder and delete.
// It is a plain form post without JavaScript (every button submits); with it, edits stay in the page,
// the draft autosaves 800 ms after the last change and leaving with unsaved changes asks first.
import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { inputClass, labelClass, smallButton } from '#app/components/form-parts'
import { applyBuilderIntent, type FormItemInput, QUESTION_LABELS, QUESTION_TYPES } from '#app/models/forms.schema'
import { buttonClass } from '#app/ui/button'
import { useHydrated } from '#app/ui/use-hydrated'
import { useUnsavedChanges } from './unsaved-changes'

export const AUTOSAVE_MS = 800

type SaveState = 'idle' | 'dirty' | 'saving' | 'saved' | 'error'
const SAVE_TEXT: Record<SaveState, string> = { idle: '', dirty: 'Unsaved changes', saving: 'Saving…', saved: 'All changes saved', error: 'Could not save, please try again' }

export type BuilderProps = {
  formKey: string
  items: FormItemInput[]
  /** JSON endpoint of the autosave: POST {key, data: {items}}. */
  saveUrl: string
  canEdit: boolean
  /** When set, shows the name field (publish sends it along). */
  name?: string
}

const isChoice = (t: string) => t === 'single_choice' || t === 'multiple_choice'

export function FormBuilder({ formKey, items: initial, saveUrl, canEdit, name }: BuilderProps) {
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const [items, setItems] = useState(initial)
  const [state, setState] = useState<SaveState>('idle')
  const [newType, setNewType] = useState<string>('short_text')
  const version = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout>>()

  useEffect(() => setItems(initial), [initial])
  useUnsavedChanges(hydrated && (state === 'dirty' || state === 'saving' || state === 'error'))

  async function save(next: FormItemInput[]) {
    const mine = ++version.current
    setState('saving')
    try {
      const res = await fetch(saveUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ key: formKey, data: { items: next } }),
      })
      if (mine === version.current) setState(res.ok ? 'saved' : 'error')
    } catch {
      if (mine === version.current) setState('error')
    }
  }

  function change(next: FormItemInput[]) {
    setItems(next)
    if (!canEdit) return
    setState('dirty')
    version.current++
    clearTimeout(timer.current)
    timer.current = setTimeout(() => void save(next), AUTOSAVE_MS)
  }
  useEffect(() => () => clearTimeout(timer.current), [])

  const update = (i: number, patch: Partial<FormItemInput>) => change(items.map((item, j) => (j === i ? { ...item, ...patch } : item)))

  /** With JavaScript the list buttons act in the page; without it they submit the form. */
  const onIntent = (intent: string) => (event: React.MouseEvent) => {
    if (!hydrated) return
    event.preventDefault()
    change(applyBuilderIntent(items, intent, newType))
  }

  const busy = navigation.state !== 'idle'
  return (
    <Form method="post" className="space-y-4" data-testid="form-builder" onSubmit={() => clearTimeout(timer.current)}>
      <input type="hidden" name="key" value={formKey} />
      {name !== undefined && (
        <div className="max-w-md">
          <label htmlFor="form-name" className={labelClass}>
            Name
          </label>
          <input id="form-name" name="name" defaultValue={name} className={inputClass} readOnly={!canEdit} maxLength={191} />
        </div>
      )}
      {items.length === 0 && <p className="text-sm text-gray-500">No questions yet. Add the first one below.</p>}
      <ol className="space-y-3">
        {items.map((item, i) => (
          <li key={item.id} className="rounded-lg bg-white p-4 shadow-xs ring-1 ring-gray-200" data-testid="question">
            <input type="hidden" name={`items[${i}][id]`} value={item.id} />
            <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
              <div>
                <label htmlFor={`q-${item.id}-text`} className={labelClass}>
                  {item.type === 'section_heading' ? `Heading ${i + 1}` : `Question ${i + 1}`}
                </label>
                <input
                  id={`q-${item.id}-text`}
                  name={`items[${i}][text]`}
                  value={item.text}
                  onChange={(e) => update(i, { text: e.target.value })}
                  readOnly={!canEdit}
                  maxLength={2000}
                  className={inputClass}
                />
              </div>
              <div>
                <label htmlFor={`q-${item.id}-type`} className={labelClass}>
                  Type
                </label>
                <select
                  id={`q-${item.id}-type`}
                  name={`items[${i}][type]`}
                  value={item.type}
                  disabled={!canEdit}
                  onChange={(e) => {
                    const type = e.target.value as FormItemInput['type']
                    update(i, { type, ...(isChoice(type) && !item.options?.length ? { options: ['Option 1', 'Option 2'] } : {}) })
                  }}
                  className={inputClass}
                >
                  <QuestionTypeOptions />
                </select>
              </div>
            </div>
            {isChoice(item.type) && (
              <div className="mt-3">
                <label htmlFor={`q-${item.id}-options`} className={labelClass}>
                  Options (one per line)
                </label>
                <textarea
                  id={`q-${item.id}-options`}
                  name={`items[${i}][options]`}
                  value={(item.options ?? []).join('\n')}
                  onChange={(e) => update(i, { options: e.target.value.split('\n') })}
                  onBlur={(e) =>
                    update(i, {
                      options: e.target.value
                        .split('\n')
                        .map((o) => o.trim())
                        .filter(Boolean),
                    })
                  }
                  readOnly={!canEdit}
                  rows={3}
                  className={inputClass}
                />
              </div>
            )}
            <div className="mt-3 flex flex-wrap items-center gap-2">
              {item.type !== 'section_heading' && (
                <label className="mr-auto inline-flex items-center gap-2 text-sm text-gray-700">
                  <input
                    type="checkbox"
                    name={`items[${i}][required]`}
                    checked={item.required}
                    disabled={!canEdit}
                    onChange={(e) => update(i, { required: e.target.checked })}
                    className="size-4 rounded border-gray-300"
                  />
                  Required
                </label>
              )}
              {canEdit && (
                <span className="ml-auto flex gap-1">
                  <button
                    type="submit"
                    name="intent"
                    value={`up:${i}`}
                    disabled={i === 0}
                    onClick={onIntent(`up:${i}`)}
                    className={smallButton}
                    aria-label={`Move question ${i + 1} up`}
                  >
                    ↑ Up
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value={`down:${i}`}
                    disabled={i === items.length - 1}
                    onClick={onIntent(`down:${i}`)}
                    className={smallButton}
                    aria-label={`Move question ${i + 1} down`}
                  >
                    ↓ Down
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value={`delete:${i}`}
                    onClick={onIntent(`delete:${i}`)}
                    className={`${smallButton} text-red-700`}
                    aria-label={`Delete question ${i + 1}`}
                  >
                    Delete
                  </button>
                </span>
              )}
            </div>
          </li>
        ))}
      </ol>
      {canEdit && (
        <div className="flex flex-wrap items-end gap-2 rounded-lg border border-dashed border-gray-300 p-4">
          <div>
            <label htmlFor="new-question-type" className={labelClass}>
              New question type
            </label>
            <select id="new-question-type" name="newType" value={newType} onChange={(e) => setNewType(e.target.value)} className={inputClass}>
              <QuestionTypeOptions />
            </select>
          </div>
          <button type="submit" name="intent" value="add" onClick={onIntent('add')} className={buttonClass('secondary')}>
            Add question
          </button>
        </div>
      )}
      {canEdit && (
        <div className="flex flex-wrap items-center gap-3">
          {/* With JavaScript the draft saves itself; the button stays for an immediate save. */}
          <button
            type="submit"
            name="intent"
            value="save"
            disabled={busy}
            onClick={(e) => {
              if (!hydrated) return
              e.preventDefault()
              clearTimeout(timer.current)
              void save(items)
            }}
            className={buttonClass('secondary')}
          >
            Save
          </button>
          <button
            type="submit"
            name="intent"
            value="publish"
            disabled={busy}
            onClick={() => {
              // The post carries every question, so nothing unsaved is lost by leaving the dirty state.
              clearTimeout(timer.current)
              version.current++
              setState('idle')
            }}
            className={buttonClass('primary')}
          >
            Publish
          </button>
          <span role="status" aria-live="polite" className="text-sm text-gray-500" data-testid="save-state">
            {hydrated ? SAVE_TEXT[state] : ''}
          </span>
        </div>
      )}
    </Form>
  )
}

function QuestionTypeOptions() {
  return QUESTION_TYPES.map((t) => (
    <option key={t} value={t}>
      {QUESTION_LABELS[t]}
    </option>
  ))
}
