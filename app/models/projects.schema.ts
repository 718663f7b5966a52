// The project page's forms and JSON bodies: edit tags, withdraw a draft (shared by the page and the API).
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'
import { normaliseTags, splitTagInput } from '#app/rules/tags'

export const REASON_REQUIRED = 'Please provide a reason'
export const REASON_MAX_LENGTH = 1000

export const CONFIRM_IRREVERSIBLE = 'You will not be able to revert this.'
export const REOPENED = 'Reopened successfully!'
export const DRAFT_WITHDRAWN = 'Deleted!'
export const TAGS_SAVED = 'Saved Successfully!'
export const UPLOAD_FAILED = 'Something went wrong, Please re-upload again!'
export const FILE_UPLOADED = 'File uploaded successfully!'

export const reasonSchema = z
  .string({ required_error: REASON_REQUIRED, invalid_type_error: REASON_REQUIRED })
  .trim()
  .min(1, REASON_REQUIRED)
  .max(REASON_MAX_LENGTH, `The reason can be at most ${REASON_MAX_LENGTH} characters long`)

export const withdrawDraftSchema = z.object({ reason: reasonSchema })
export const withdrawDraftValidator = withZod(withdrawDraftSchema)

const textList = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return []
    return (Array.isArray(v) ? v : [v]).filter((x) => typeof x === 'string')
  },
  z.array(z.string().max(1000)).max(200),
)

/** The dialog: the order's tags as checkboxes (untick to remove) and a box for new ones, comma separated. */
export const editTagsSchema = z.object({ tags: textList, newTags: z.string().max(2000).optional() }).transform((input, ctx) => {
  const result = normaliseTags([...input.tags, ...splitTagInput(input.newTags ?? '')])
  if (!result.ok) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['newTags'], message: result.error })
    return z.NEVER
  }
  return { tags: result.tags }
})
export const editTagsValidator = withZod(editTagsSchema)

/** A tag as API clients send it: a string, or an object from a tag-input widget ({text}, {value} or {label}). */
const apiTag = z.preprocess(
  (v) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>
      return o.text ?? o.value ?? o.label
    }
    return v
  },
  z.string({ invalid_type_error: 'Each tag must be text', required_error: 'Each tag must be text' }).max(1000),
)

/** PATCH /api/client/orders/{id}/custom-tags {tags}. */
export const customTagsBodySchema = z
  .object({ tags: z.array(apiTag, { required_error: 'tags must be a list', invalid_type_error: 'tags must be a list' }).max(200) })
  .transform((input, ctx) => {
    const result = normaliseTags(input.tags)
    if (!result.ok) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['tags'], message: result.error })
      return z.NEVER
    }
    return { tags: result.tags }
  })
