// The board pages' POST: a board edit without JavaScript (intent) or the final save.
import { data } from '@remix-run/node'
import { validationError } from 'remix-validated-form'
import { applyBoardEdit, type Board, boardFrom, parseBoardEdit, reminderIdFactory } from '#app/rules/workflow-board-state'
import { availableModules, type ServiceType } from '#app/rules/workflow-modules'
import { type ServiceModuleInput, workflowFormValidator } from './workflows.schema'
import { listFormModules } from './workflows.server'
import type { TenantScope } from '#db/tenant'

export type BoardActionData = { board: Board; openIndex?: number | null; formError?: string }

export async function handleBoardPost(
  request: Request,
  t: TenantScope,
  type: ServiceType,
  save: (input: { serviceName: string; serviceModules: ServiceModuleInput[] }) => Promise<{ ok: true } | { ok: false; error: string; status: number }>,
  onSaved: () => Promise<Response>,
  keepIds: string[] = [],
) {
  const form = await request.formData()
  const result = await workflowFormValidator.validate(form)
  const intent = String(form.get('intent') ?? '')
  if (intent) {
    const board = boardFrom(result.submittedData)
    const edit = parseBoardEdit(intent)
    const forms = await listFormModules(t)
    const available = availableModules(type, [...forms, ...keepIds.filter((id) => !forms.some((f) => f.id === id)).map((id) => ({ id, title: id }))])
    if (edit) board.serviceModules = applyBoardEdit(board.serviceModules, edit, available, reminderIdFactory())
    const openIndex = edit && (edit.kind === 'addReminder' || edit.kind === 'removeReminder') ? edit.index : null
    return data<BoardActionData>({ board, openIndex })
  }
  if (result.error) return validationError(result.error, result.submittedData)
  const saved = await save(result.data)
  if (!saved.ok) return data<BoardActionData>({ board: boardFrom(result.submittedData), formError: saved.error }, { status: saved.status })
  return onSaved()
}
