// Forms (questionnaires) and form templates: names, questions, and the builder's form encoding.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'

export const NAME_REQUIRED = 'Enter Name'
export const QUESTION_TYPES = ['short_text', 'long_text', 'single_choice', 'multiple_choice', 'date', 'file_upload', 'section_heading'] as const
export type QuestionType = (typeof QUESTION_TYPES)[number]
export const QUESTION_LABELS: Record<QuestionType, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  date: 'Date',
  file_upload: 'File upload',
  section_heading: 'Section heading',
}
export const MAX_QUESTIONS = 200
export const QUESTION_TEXT_REQUIRED = 'Every question needs a text'
export const OPTIONS_REQUIRED = 'Choice questions need at least one option'

export const formName = z.string({ required_error: NAME_REQUIRED, invalid_type_error: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(191, 'The name is too long')

export const formItemSchema = z.object({
  id: z.string().trim().min(1).max(64),
  type: z.enum(QUESTION_TYPES, { errorMap: () => ({ message: 'Unknown question type' }) }),
  text: z.string().max(2000, 'The question is too long').default(''),
  required: z.coerce.boolean().default(false),
  options: z.array(z.string().trim().min(1).max(500)).max(100).optional(),
})
export type FormItemInput = z.infer<typeof formItemSchema>

/** `data` arrives as {items: [...]} or as the bare array. */
export const formDataSchema = z.preprocess(
  (v) => (Array.isArray(v) ? { items: v } : (v ?? { items: [] })),
  z.object({ items: z.array(formItemSchema).max(MAX_QUESTIONS, `At most ${MAX_QUESTIONS} questions`) }),
)

export const nameSchema = z.object({ name: formName })
const key = z.string({ required_error: 'key is required' }).min(1, 'key is required').max(24)
export const saveDraftSchema = z.object({ key, data: formDataSchema })
export const publishSchema = z.object({ key, name: formName.optional() })
export const formCloneSchema = z.object({
  templateId: z.string({ required_error: 'Please select a template' }).min(1, 'Please select a template').max(24),
  name: formName,
  items: z.array(formItemSchema).max(MAX_QUESTIONS).optional(),
})
export const templateCloneSchema = z.object({
  template_id: z.string({ required_error: 'Please select a template' }).min(1, 'Please select a template').max(24),
  name: formName,
})

/** What Publish requires beyond the draft rules: every question has text, choices have options. */
export function publishProblem(items: FormItemInput[]): string | null {
  for (const item of items) {
    if (!item.text.trim()) return QUESTION_TEXT_REQUIRED
    if ((item.type === 'single_choice' || item.type === 'multiple_choice') && !(item.options ?? []).length) return OPTIONS_REQUIRED
  }
  return null
}

/** Keeps only what each type uses (options only for choice questions). */
export function normaliseItems(items: FormItemInput[]): FormItemInput[] {
  return items.map((i) => {
    const choice = i.type === 'single_choice' || i.type === 'multiple_choice'
    return { id: i.id, type: i.type, text: i.text, required: i.type === 'section_heading' ? false : i.required, ...(choice ? { options: i.options ?? [] } : {}) }
  })
}

/**
 * The builder without JavaScript posts fields items[0][text], items[0][type], items[0][required],
 * items[0][options] (one per line) and items[0][id]; this reads them back in order.
 */
export function itemsFromForm(form: FormData | URLSearchParams): FormItemInput[] {
  const byIndex = new Map<number, Record<string, string>>()
  for (const [name, value] of form.entries()) {
    const m = /^items\[(\d{1,3})\]\[(id|type|text|required|options)\]$/.exec(name)
    if (!m || typeof value !== 'string') continue
    const row = byIndex.get(Number(m[1])) ?? {}
    row[m[2]!] = value
    byIndex.set(Number(m[1]), row)
  }
  const items: FormItemInput[] = []
  for (const index of [...byIndex.keys()].sort((a, b) => a - b)) {
    const row = byIndex.get(index)!
    const parsed = formItemSchema.safeParse({
      id: row.id,
      type: row.type,
      text: row.text ?? '',
      required: row.required === 'on' || row.required === 'true',
      options: (row.options ?? '')
        .split('\n')
        .map((o) => o.trim())
        .filter(Boolean),
    })
    if (parsed.success) items.push(parsed.data)
  }
  return normaliseItems(items).slice(0, MAX_QUESTIONS)
}

export function newItemId() {
  return `q${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
}

export function blankItem(type: QuestionType): FormItemInput {
  const choice = type === 'single_choice' || type === 'multiple_choice'
  return { id: newItemId(), type, text: '', required: false, ...(choice ? { options: ['Option 1', 'Option 2'] } : {}) }
}

/** The builder's buttons (add, up:i, down:i, delete:i), applied the same way in the browser and by the no-JS post. */
export function applyBuilderIntent(items: FormItemInput[], intent: string, newType?: string): FormItemInput[] {
  if (intent === 'add') {
    const type = (QUESTION_TYPES as readonly string[]).includes(newType ?? '') ? (newType as QuestionType) : 'short_text'
    return items.length >= MAX_QUESTIONS ? items : [...items, blankItem(type)]
  }
  const m = /^(up|down|delete):(\d+)$/.exec(intent)
  if (!m) return items
  const i = Number(m[2])
  if (i < 0 || i >= items.length) return items
  const next = [...items]
  if (m[1] === 'delete') next.splice(i, 1)
  else {
    const j = m[1] === 'up' ? i - 1 : i + 1
    if (j < 0 || j >= next.length) return items
    ;[next[i], next[j]] = [next[j]!, next[i]!]
  }
  return next
}

export const nameValidator = withZod(nameSchema)
export const templateCloneValidator = withZod(templateCloneSchema)
