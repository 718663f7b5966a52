// The workflow board: name, the Workflow column and the module palette, reminders per module.
// Mouse: drag and drop (HTML5). Keyboard: a grab handle (Space to pick up, arrows to move, Space to drop)
// and the Add / Move up / Move down / Remove buttons. Without JavaScript those buttons post the board
// back to the server (an `intent`), which applies the edit and renders the board again.
import { Link, useActionData } from '@remix-run/react'
import { type DragEvent, type KeyboardEvent, useCallback, useId, useMemo, useRef, useState } from 'react'
import { useFormContext, ValidatedForm } from 'remix-validated-form'
import { FieldError, FormAlert, inputClass, labelClass, SubmitButton, TextField } from '#app/components/forms'
import { Icon } from '#app/components/shell/icons'
import { workflowFormValidator } from '#app/models/workflows.schema'
import { canAddReminder, MAX_REMINDER_DAYS, MIN_REMINDER_DAYS, reminderError, reminderIssues } from '#app/rules/reminders'
import { isRenamable, originalTitle, type PaletteModule, paletteFor, type ServiceType, showsBell, TITLE_REQUIRED } from '#app/rules/workflow-modules'
import { cn } from '#app/ui/cn'
import { useHydrated } from '#app/ui/use-hydrated'
import { applyBoardEdit, type Board, type BoardEdit, type BoardModule, boardFrom, reminderIdFactory } from '#app/rules/workflow-board-state'

type Props = {
  serviceType: ServiceType
  available: PaletteModule[]
  forms: { id: string; title: string }[]
  board: Board
  /** The module whose reminders were just edited without JavaScript: its panel renders open. */
  openIndex?: number | null
  paletteTitle: string
  submitLabel: string
  formError?: string | null
}

/** 'Workflows / {current}' above the workflow pages. */
export function WorkflowsCrumb({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-gray-500">
      <Link to="/products/customer-services/all" className="hover:text-gray-900">
        Workflows
      </Link>{' '}
      / <span className="text-gray-900">{current}</span>
    </nav>
  )
}

type BoardAnswer = { board?: Board; openIndex?: number | null; formError?: string; repopulateFields?: unknown }

/**
 * The create and update pages: the board the loader gave, or the one the action answered with
 * (a no-JS edit, or a failed save with what was sent).
 */
export function WorkflowBoardPage({ crumb, title, ...props }: Omit<Props, 'openIndex' | 'formError'> & { crumb: string; title: string }) {
  const actionData = useActionData() as BoardAnswer | undefined
  const current = actionData?.board ?? (actionData?.repopulateFields ? boardFrom(actionData.repopulateFields) : props.board)
  return (
    <div className="space-y-6">
      <WorkflowsCrumb current={crumb} />
      <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
      <WorkflowBoardForm key={JSON.stringify(current)} {...props} board={current} openIndex={actionData?.openIndex} formError={actionData?.formError} />
    </div>
  )
}

type Drag = { from: 'palette'; id: string } | { from: 'workflow'; index: number }
type Grab = { from: 'palette'; id: string } | { from: 'workflow'; index: number } | null

export function WorkflowBoardForm(props: Props) {
  return (
    <ValidatedForm method="post" validator={workflowFormValidator} defaultValues={{ serviceName: props.board.serviceName }} noValidate className="space-y-6">
      <FormAlert>{props.formError}</FormAlert>
      <div className="max-w-md">
        <TextField name="serviceName" label="Workflow Name" placeholder="Workflow Name" autoComplete="off" />
      </div>
      <BoardColumns {...props} />
    </ValidatedForm>
  )
}

function BoardColumns({ serviceType, available, forms, board, openIndex, paletteTitle, submitLabel }: Props) {
  const hydrated = useHydrated()
  const { fieldErrors, clearError } = useFormContext()
  const [modules, setModules] = useState<BoardModule[]>(board.serviceModules)
  const [grab, setGrab] = useState<Grab>(null)
  const [announce, setAnnounce] = useState('')
  const [dropTarget, setDropTarget] = useState<number | 'end' | 'palette' | null>(null)
  const newId = useMemo(() => reminderIdFactory(), [])
  const dragRef = useRef<Drag | null>(null)
  const listId = useId()

  const palette = paletteFor(
    available,
    modules.map((m) => m.id),
  )
  const titleOf = (id: string) => available.find((m) => m.id === id)?.title ?? originalTitle(id, forms) ?? id

  const edit = useCallback(
    (change: BoardEdit, message?: string) => {
      setModules((current) => applyBoardEdit(current, change, available, newId))
      clearError('serviceModules')
      if (message) setAnnounce(message)
    },
    [available, newId, clearError],
  )

  const boardError = fieldErrors.serviceModules
  const blocked = modules.some((m) => reminderError(m.reminders) !== null || (isRenamable(m.id) && !m.title.trim()))

  // Mouse drag and drop.
  const onDragStart = (drag: Drag) => (e: DragEvent) => {
    dragRef.current = drag
    e.dataTransfer.effectAllowed = 'move'
    e.dataTransfer.setData('text/plain', drag.from === 'palette' ? drag.id : String(drag.index))
  }
  const onDragEnd = () => {
    dragRef.current = null
    setDropTarget(null)
  }
  const dropOnWorkflow = (at: number | null) => (e: DragEvent) => {
    e.preventDefault()
    e.stopPropagation()
    const drag = dragRef.current
    setDropTarget(null)
    if (!drag) return
    const target = at ?? modules.length
    if (drag.from === 'palette') edit({ kind: 'add', moduleId: drag.id, at: target }, `${titleOf(drag.id)} added to the workflow`)
    else edit({ kind: 'move', from: drag.index, to: drag.index < target ? target - 1 : target })
    dragRef.current = null
  }
  const dropOnPalette = (e: DragEvent) => {
    e.preventDefault()
    const drag = dragRef.current
    setDropTarget(null)
    if (drag?.from === 'workflow') edit({ kind: 'remove', index: drag.index }, `${modules[drag.index]?.title} removed from the workflow`)
    dragRef.current = null
  }
  const allowDrop = (target: number | 'end' | 'palette') => (e: DragEvent) => {
    if (!dragRef.current) return
    e.preventDefault()
    setDropTarget(target)
  }

  // Keyboard drag and drop on the grab handles.
  const onHandleKey = (item: Grab & {}) => (e: KeyboardEvent) => {
    const grabbed = grab && grab.from === item.from && (grab.from === 'palette' ? grab.id === (item as { id: string }).id : grab.index === (item as { index: number }).index)
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault()
      if (grabbed) {
        setGrab(null)
        setAnnounce('Dropped')
      } else {
        setGrab(item)
        setAnnounce('Picked up. Use the arrow keys to move, Space to drop.')
      }
      return
    }
    if (!grabbed) return
    if (e.key === 'Escape') {
      e.preventDefault()
      setGrab(null)
      setAnnounce('Dropped')
      return
    }
    if (item.from === 'workflow') {
      const i = item.index
      if (e.key === 'ArrowUp' && i > 0) {
        e.preventDefault()
        edit({ kind: 'move', from: i, to: i - 1 }, `Moved to position ${i}`)
        setGrab({ from: 'workflow', index: i - 1 })
        focusHandle(`${listId}-w-${i - 1}`)
      } else if (e.key === 'ArrowDown' && i < modules.length - 1) {
        e.preventDefault()
        edit({ kind: 'move', from: i, to: i + 1 }, `Moved to position ${i + 2}`)
        setGrab({ from: 'workflow', index: i + 1 })
        focusHandle(`${listId}-w-${i + 1}`)
      } else if (e.key === 'ArrowRight') {
        e.preventDefault()
        const id = modules[i]!.id
        edit({ kind: 'remove', index: i }, `${modules[i]!.title} moved back to the modules`)
        setGrab({ from: 'palette', id })
        focusHandle(`${listId}-p-${id}`)
      }
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault()
      edit({ kind: 'add', moduleId: item.id }, `${titleOf(item.id)} added to the workflow`)
      setGrab({ from: 'workflow', index: modules.length })
      focusHandle(`${listId}-w-${modules.length}`)
    }
  }

  const editButton = (label: string, value: string, change: BoardEdit, opts: { disabled?: boolean; className?: string; children?: React.ReactNode } = {}) => (
    <button
      type={hydrated ? 'button' : 'submit'}
      name={hydrated ? undefined : 'intent'}
      value={hydrated ? undefined : value}
      formNoValidate
      aria-label={label}
      disabled={opts.disabled}
      onClick={hydrated ? () => edit(change) : undefined}
      className={cn('rounded-md px-2 py-1 text-xs font-medium text-gray-700 ring-1 ring-gray-300 hover:bg-gray-50 disabled:opacity-40', opts.className)}
    >
      {opts.children ?? label}
    </button>
  )

  return (
    <>
      <p aria-live="polite" className="sr-only">
        {announce}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby={`${listId}-workflow`} className="rounded-lg bg-white p-4 shadow-xs ring-1 ring-gray-200">
          <h2 id={`${listId}-workflow`} className="mb-3 text-base font-semibold text-gray-900">
            Workflow
          </h2>
          <ol
            data-testid="workflow-column"
            aria-label="Workflow"
            className={cn('min-h-32 space-y-2 rounded-md border-2 border-dashed p-2', dropTarget === 'end' ? 'border-brand-500 bg-brand-50' : 'border-gray-200')}
            onDragOver={allowDrop('end')}
            onDragLeave={() => setDropTarget(null)}
            onDrop={dropOnWorkflow(null)}
          >
            {modules.length === 0 ? <li className="p-6 text-center text-sm text-gray-500">Drag modules here</li> : null}
            {modules.map((m, i) => (
              <WorkflowModule
                key={m.id}
                module={m}
                index={i}
                count={modules.length}
                original={titleOf(m.id)}
                bell={showsBell(serviceType, m.id)}
                open={openIndex === i}
                errors={fieldErrors}
                hydrated={hydrated}
                handleId={`${listId}-w-${i}`}
                grabbed={grab?.from === 'workflow' && grab.index === i}
                dropping={dropTarget === i}
                onDragStart={onDragStart({ from: 'workflow', index: i })}
                onDragEnd={onDragEnd}
                onDragOver={allowDrop(i)}
                onDrop={dropOnWorkflow(i)}
                onHandleKey={onHandleKey({ from: 'workflow', index: i })}
                editButton={editButton}
                setModule={(next) => setModules((all) => all.map((x, j) => (j === i ? next : x)))}
              />
            ))}
          </ol>
          <FieldError id={`${listId}-board-error`} error={boardError} />
        </section>

        <section aria-labelledby={`${listId}-palette`} className="rounded-lg bg-white p-4 shadow-xs ring-1 ring-gray-200">
          <h2 id={`${listId}-palette`} className="mb-3 text-base font-semibold text-gray-900">
            {paletteTitle}
          </h2>
          <ul
            data-testid="module-palette"
            aria-label={paletteTitle}
            className={cn('min-h-32 space-y-2 rounded-md border-2 border-dashed p-2', dropTarget === 'palette' ? 'border-brand-500 bg-brand-50' : 'border-gray-200')}
            onDragOver={allowDrop('palette')}
            onDragLeave={() => setDropTarget(null)}
            onDrop={dropOnPalette}
          >
            {palette.length === 0 ? <li className="p-6 text-center text-sm text-gray-500">No more modules to add</li> : null}
            {palette.map((m) => (
              <li
                key={m.id}
                data-module-id={m.id}
                draggable={hydrated}
                onDragStart={onDragStart({ from: 'palette', id: m.id })}
                onDragEnd={onDragEnd}
                className={cn(
                  'flex items-center gap-2 rounded-md bg-gray-50 px-3 py-2 ring-1 ring-gray-200',
                  grab?.from === 'palette' && grab.id === m.id && 'ring-2 ring-brand-500',
                )}
              >
                {hydrated ? (
                  <button
                    type="button"
                    id={`${listId}-p-${m.id}`}
                    aria-label={`Drag ${m.title}`}
                    aria-pressed={grab?.from === 'palette' && grab.id === m.id}
                    aria-describedby={`${listId}-kbd`}
                    onKeyDown={onHandleKey({ from: 'palette', id: m.id })}
                    className="cursor-grab rounded px-1 text-gray-400 hover:text-gray-700"
                  >
                    ⠿
                  </button>
                ) : null}
                <span className="flex-1 text-sm text-gray-900">{m.title}</span>
                {m.kind === 'form' ? <span className="text-xs text-gray-500">Form</span> : null}
                {editButton(`Add ${m.title}`, `add:${m.id}`, { kind: 'add', moduleId: m.id }, { children: 'Add' })}
              </li>
            ))}
          </ul>
          <p id={`${listId}-kbd`} className="mt-2 text-xs text-gray-500">
            Keyboard: focus a handle, press Space to pick it up, arrows to move (Left/Right between columns), Space to drop.
          </p>
        </section>
      </div>

      {/* Keeps the board's order in the post when the rows are re-rendered by drag and drop. */}
      <div className="flex justify-end">
        <div className="w-48">
          <SubmitButton disabled={hydrated && blocked}>{submitLabel}</SubmitButton>
        </div>
      </div>
    </>
  )
}

function focusHandle(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus())
}

type ModuleProps = {
  module: BoardModule
  index: number
  count: number
  original: string
  bell: boolean
  open: boolean
  errors: Record<string, string>
  hydrated: boolean
  handleId: string
  grabbed: boolean
  dropping: boolean
  onDragStart: (e: DragEvent) => void
  onDragEnd: () => void
  onDragOver: (e: DragEvent) => void
  onDrop: (e: DragEvent) => void
  onHandleKey: (e: KeyboardEvent) => void
  editButton: (label: string, value: string, change: BoardEdit, opts?: { disabled?: boolean; className?: string; children?: React.ReactNode }) => React.ReactNode
  setModule: (m: BoardModule) => void
}

function WorkflowModule(p: ModuleProps) {
  const { module: m, index: i } = p
  const prefix = `serviceModules[${i}]`
  const renamable = isRenamable(m.id)
  const titleError = (renamable && !m.title.trim() ? TITLE_REQUIRED : null) ?? p.errors[`${prefix}.title`]
  const issues = reminderIssues(m.reminders)
  const listError = reminderError(m.reminders) ?? p.errors[`${prefix}.reminders`]
  const inputId = useId()
  return (
    <li
      data-module-id={m.id}
      draggable={p.hydrated}
      onDragStart={p.onDragStart}
      onDragEnd={p.onDragEnd}
      onDragOver={p.onDragOver}
      onDrop={p.onDrop}
      className={cn('rounded-md bg-white px-3 py-2 ring-1 ring-gray-200', p.grabbed && 'ring-2 ring-brand-500', p.dropping && 'border-t-4 border-brand-500')}
    >
      <input type="hidden" name={`${prefix}.id`} value={m.id} />
      <div className="flex flex-wrap items-center gap-2">
        {p.hydrated ? (
          <button
            type="button"
            id={p.handleId}
            aria-label={`Drag ${m.title || p.original}`}
            aria-pressed={p.grabbed}
            onKeyDown={p.onHandleKey}
            className="cursor-grab rounded px-1 text-gray-400 hover:text-gray-700"
          >
            ⠿
          </button>
        ) : null}
        <span className="w-6 text-xs text-gray-500">{i + 1}.</span>
        {renamable ? (
          <div className="min-w-40 flex-1">
            <label htmlFor={inputId} className="sr-only">
              Title of module {i + 1}
            </label>
            <input
              id={inputId}
              name={`${prefix}.title`}
              value={m.title}
              onChange={(e) => p.setModule({ ...m, title: e.target.value })}
              className={cn(inputClass, 'py-1')}
              aria-invalid={titleError ? true : undefined}
            />
          </div>
        ) : (
          <>
            <input type="hidden" name={`${prefix}.title`} value={m.title} />
            <span className="flex-1 text-sm font-medium text-gray-900">{m.title}</span>
          </>
        )}
        <span className="flex gap-1">
          {p.editButton(`Move ${m.title} up`, `up:${i}`, { kind: 'move', from: i, to: i - 1 }, { disabled: i === 0, children: '↑' })}
          {p.editButton(`Move ${m.title} down`, `down:${i}`, { kind: 'move', from: i, to: i + 1 }, { disabled: i === p.count - 1, children: '↓' })}
          {p.editButton(`Remove ${m.title}`, `remove:${i}`, { kind: 'remove', index: i }, { children: '✕' })}
        </span>
      </div>
      {renamable && m.title.trim() !== p.original ? <p className="mt-1 text-xs text-gray-500">old title: {p.original}</p> : null}
      {titleError ? <p className="mt-1 text-sm text-red-600">{titleError}</p> : null}
      {p.bell ? (
        <details className="mt-2" open={p.open || !!listError || undefined}>
          <summary className="inline-flex cursor-pointer items-center gap-1 text-sm text-gray-600 hover:text-gray-900" aria-label={`Reminders for ${m.title}`}>
            <Icon name="bell" className="size-4" />
            Reminders ({m.reminders.length})
          </summary>
          <div className="mt-2 space-y-3 rounded-md bg-gray-50 p-3">
            {m.reminders.map((r, j) => {
              const rp = `${prefix}.reminders[${j}]`
              const issue = issues[r.id]
              const update = (next: Partial<typeof r>) => p.setModule({ ...m, reminders: m.reminders.map((x) => (x.id === r.id ? { ...x, ...next } : x)) })
              return (
                <fieldset key={r.id} className="space-y-2 rounded-md bg-white p-3 ring-1 ring-gray-200" data-reminder={j + 1}>
                  <legend className="text-sm font-medium text-gray-900">Reminder {j + 1}</legend>
                  <input type="hidden" name={`${rp}.id`} value={r.id} />
                  <input type="hidden" name={`${rp}.num`} value={j + 1} />
                  <div className="flex items-end gap-3">
                    <label className="text-sm">
                      <span className={labelClass}>Number of days</span>
                      <input
                        type="number"
                        min={MIN_REMINDER_DAYS}
                        max={MAX_REMINDER_DAYS}
                        step={1}
                        name={`${rp}.numberOfDays`}
                        value={Number.isFinite(r.numberOfDays) ? r.numberOfDays : ''}
                        onChange={(e) => update({ numberOfDays: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
                        className={cn(inputClass, 'w-24 py-1')}
                        aria-invalid={issue?.duplicate || issue?.days ? true : undefined}
                      />
                    </label>
                    {p.editButton(
                      `Delete reminder ${j + 1} of ${m.title}`,
                      `removeReminder:${i}:${r.id}`,
                      { kind: 'removeReminder', index: i, reminderId: r.id },
                      { children: 'Delete' },
                    )}
                  </div>
                  <label className="block text-sm">
                    <span className={labelClass}>Email subject</span>
                    <input
                      name={`${rp}.email.subject`}
                      value={r.email.subject}
                      onChange={(e) => update({ email: { ...r.email, subject: e.target.value } })}
                      className={cn(inputClass, 'py-1')}
                    />
                  </label>
                  <label className="block text-sm">
                    <span className={labelClass}>Email body</span>
                    <textarea
                      name={`${rp}.email.body`}
                      value={r.email.body}
                      rows={3}
                      onChange={(e) => update({ email: { ...r.email, body: e.target.value } })}
                      className={inputClass}
                    />
                  </label>
                  {issue?.duplicate ? <p className="text-sm text-red-600">Can&apos;t have duplicate reminders</p> : null}
                  {issue?.days ? <p className="text-sm text-red-600">{issue.days}</p> : null}
                  {issue?.email ? <p className="text-sm text-red-600">{issue.email}</p> : null}
                </fieldset>
              )
            })}
            {p.editButton(
              `Add reminder to ${m.title}`,
              `addReminder:${i}`,
              { kind: 'addReminder', index: i },
              { disabled: !canAddReminder(m.reminders), children: '+ Add Reminder' },
            )}
          </div>
        </details>
      ) : null}
    </li>
  )
}
