// E-mail template payloads: one zod schema for the settings form and the JSON API (section 5's messages).
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'
import { BODY_REQUIRED, BUTTON_TEXT_REQUIRED, CHANNEL_KEYS, LIMITS, SUBJECT_REQUIRED, TITLE_REQUIRED, UNKNOWN_CHANNEL, UNKNOWN_TEMPLATE } from '#app/rules/email-templates'
import { isBlankHtml } from '#app/rules/reminders'

const str = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : String(v))
const tooLong = (what: string, max: number) => `The ${what} can have at most ${max} characters`

const line = (required: string, what: string, max: number) => z.preprocess(str, z.string().trim().min(1, required).max(max, tooLong(what, max)))

export const templateContentSchema = z.object({
  subject: line(SUBJECT_REQUIRED, 'subject', LIMITS.subject),
  title: line(TITLE_REQUIRED, 'title', LIMITS.title),
  // A rich editor's empty document ('<p><br></p>') is no body.
  body: z.preprocess(
    str,
    z
      .string()
      .max(LIMITS.body, tooLong('body', LIMITS.body))
      .refine((b) => !isBlankHtml(b), BODY_REQUIRED),
  ),
  button_text: line(BUTTON_TEXT_REQUIRED, 'button text', LIMITS.buttonText),
})
export type TemplateContentInput = z.infer<typeof templateContentSchema>

export const channelSchema = z.enum(CHANNEL_KEYS, { errorMap: () => ({ message: UNKNOWN_CHANNEL }) })

const code = z.preprocess(str, z.string().trim().min(1, UNKNOWN_TEMPLATE).max(64, UNKNOWN_TEMPLATE))
// The spec sends description with the template fields; it is the default's and is not stored from input.
const description = z.preprocess(str, z.string().max(500)).optional()

/** POST /api/client/emails-templates: the first customisation of a default template. */
export const createTemplateSchema = templateContentSchema.extend({ code, between: channelSchema, description })

/** PATCH /api/client/emails-templates/{id}: the customised copy again; between, when sent, must match. */
export const updateTemplateSchema = templateContentSchema.extend({ between: channelSchema.optional(), description })

/** GET /api/client/emails-templates?between=... */
export const listTemplatesQuery = z.object({ between: channelSchema })

/** The settings page's editor: which template, then its content. */
export const templateFormSchema = templateContentSchema.extend({ code })
export const templateFormValidator = withZod(templateFormSchema)
