// System e-mail templates of an organisation: the defaults with its customised copies laid over them,
// and the actions (customise, save again, reset to default) the settings page and the JSON API share.
import { audited } from './audit.server'
import { isDuplicateKey } from './people.server'
import { getWebsiteSettings } from './organisation-settings.server'
import {
  ALREADY_CUSTOMISED,
  channelTemplates,
  defaultTemplate,
  type DefaultTemplate,
  dynamicFields,
  type DynamicField,
  type EmailChannel,
  IN_CODE_FIELDS,
  isOff,
  type TemplateContent,
  TEMPLATE_NOT_FOUND,
  UNKNOWN_TEMPLATE,
  WRONG_CHANNEL,
} from '#app/rules/email-templates'
import type { Tenant } from './auth-guards.server'
import { newPublicId } from '#app/services/crypto.server'
import { sanitizeEmailHtml } from '#app/services/email-render.server'
import type { EmailTemplateRow } from '#db/tables/emails'
import { scoped, scopedDelete, scopedInsert, scopedUpdate, type TenantScope } from '#db/tenant'
import type { TemplateContentInput } from './email-templates.schema'

/** The spec's Email template: code, description, subject, title, body, dynamic fields, button_text, _id if customised, between. */
export type EmailTemplateJson = {
  _id: string | null
  code: string
  between: EmailChannel
  description: string
  subject: string
  title: string
  body: string
  button_text: string
  dynamicFields: DynamicField[]
  inCodeDynamicFields: string[]
  customised: boolean
  /** Set when a website setting keeps the product from sending it (e.g. revisions approval off). */
  offNote: string | null
  updatedAt: string | null
}

const COLUMNS = ['id', 'public_id', 'code', 'channel', 'subject', 'title', 'body', 'button_text', 'updated_at'] as const
type CustomRow = Pick<EmailTemplateRow, (typeof COLUMNS)[number]>

function toJson(d: DefaultTemplate, row: CustomRow | undefined, settings: Record<string, boolean>): EmailTemplateJson {
  return {
    _id: row?.public_id ?? null,
    code: d.code,
    between: d.between!,
    description: d.description,
    subject: row?.subject ?? d.subject,
    title: row?.title ?? d.title,
    body: row?.body ?? d.body,
    button_text: row?.button_text ?? d.button_text,
    dynamicFields: dynamicFields(d),
    inCodeDynamicFields: [...IN_CODE_FIELDS],
    customised: !!row,
    offNote: isOff(d, settings) ? d.offWhen!.note : null,
    updatedAt: row ? new Date(row.updated_at).toISOString() : null,
  }
}

export async function emailSettingsFlags(t: TenantScope) {
  const s = await getWebsiteSettings(t)
  return { disable_customer_rating: s.disable_customer_rating, enable_revisions_approval_feature: s.enable_revisions_approval_feature }
}

/** One channel's templates, defaults in catalogue order, each replaced by the customised copy where there is one. */
export async function listChannelTemplates(t: TenantScope, channel: EmailChannel): Promise<EmailTemplateJson[]> {
  const defaults = channelTemplates(channel)
  const [rows, settings] = await Promise.all([
    scoped(t, 'email_templates')
      .select(COLUMNS)
      .where(
        'code',
        'in',
        defaults.map((d) => d.code),
      )
      .execute(),
    emailSettingsFlags(t),
  ])
  const byCode = new Map(rows.map((r) => [r.code, r]))
  return defaults.map((d) => toJson(d, byCode.get(d.code), settings))
}

export async function getTemplateJson(t: TenantScope, code: string): Promise<EmailTemplateJson | null> {
  const d = defaultTemplate(code)
  if (!d?.between) return null
  const row = await scoped(t, 'email_templates').select(COLUMNS).where('code', '=', code).executeTakeFirst()
  return toJson(d, row, await emailSettingsFlags(t))
}

/**
 * What a mail of this code says for this organisation: its customised copy, else the default. Account
 * and billing templates are not customisable, so a row for one (there is none) would not be read.
 */
export async function effectiveTemplate(t: TenantScope | null, code: string): Promise<{ template: DefaultTemplate; content: TemplateContent } | null> {
  const template = defaultTemplate(code)
  if (!template) return null
  if (!t || !template.between) return { template, content: template }
  const row = await scoped(t, 'email_templates').select(['subject', 'title', 'body', 'button_text']).where('code', '=', code).executeTakeFirst()
  return { template, content: row ?? template }
}

export type TemplateActionResult = { ok: true; template: EmailTemplateJson } | { ok: false; status: 400 | 404 | 409; error: string; field?: string }

function clean(input: TemplateContentInput): TemplateContentInput {
  // Stored as the renderer would send it: what the preview shows is what goes out.
  return { subject: input.subject.trim(), title: input.title.trim(), body: sanitizeEmailHtml(input.body), button_text: input.button_text.trim() }
}

const AUDIT_MODULE = 'SYSTEM_EMAILS_TEMPLATES'

/** Customise, save again, reset: validated input in, audit row written, the template as the list shows it out. */
export const emailTemplateActions = {
  /** POST: the first customised copy of a default template of the given channel. */
  async create(t: Tenant, request: Request, input: TemplateContentInput & { code: string; between: EmailChannel }): Promise<TemplateActionResult> {
    const d = defaultTemplate(input.code)
    if (!d?.between) return { ok: false, status: 400, error: UNKNOWN_TEMPLATE, field: 'code' }
    if (d.between !== input.between) return { ok: false, status: 400, error: WRONG_CHANNEL, field: 'between' }
    const content = clean(input)
    try {
      await scopedInsert(t, 'email_templates', {
        public_id: newPublicId(),
        code: d.code,
        channel: d.between,
        description: d.description,
        ...content,
        updated_by: t.user.id,
      }).execute()
    } catch (error) {
      if (isDuplicateKey(error)) return { ok: false, status: 409, error: ALREADY_CUSTOMISED }
      throw error
    }
    await audited(t, request, { module: AUDIT_MODULE, action: 'CREATE', message: `E-mail template "${d.code}" customised` }, d)
    return { ok: true, template: (await getTemplateJson(t, d.code))! }
  },

  /** PATCH: the customised copy, by its id. */
  async update(t: Tenant, request: Request, publicId: string, input: TemplateContentInput & { between?: EmailChannel }): Promise<TemplateActionResult> {
    const row = await scoped(t, 'email_templates').select(['id', 'code', 'channel']).where('public_id', '=', publicId).executeTakeFirst()
    if (!row) return { ok: false, status: 404, error: TEMPLATE_NOT_FOUND }
    if (input.between && input.between !== row.channel) return { ok: false, status: 400, error: WRONG_CHANNEL, field: 'between' }
    await scopedUpdate(t, 'email_templates')
      .set({ ...clean(input), updated_by: t.user.id, updated_at: new Date() })
      .where('id', '=', row.id)
      .execute()
    await audited(t, request, { module: AUDIT_MODULE, action: 'UPDATE', message: `E-mail template "${row.code}" saved` }, row)
    return { ok: true, template: (await getTemplateJson(t, row.code))! }
  },

  /** DELETE: back to the default (the answer is the default template). */
  async reset(t: Tenant, request: Request, publicId: string): Promise<TemplateActionResult> {
    const row = await scoped(t, 'email_templates').select(['id', 'code']).where('public_id', '=', publicId).executeTakeFirst()
    if (!row) return { ok: false, status: 404, error: TEMPLATE_NOT_FOUND }
    await scopedDelete(t, 'email_templates').where('id', '=', row.id).execute()
    await audited(t, request, { module: AUDIT_MODULE, action: 'DELETE', message: `E-mail template "${row.code}" reset to default` }, row)
    return { ok: true, template: (await getTemplateJson(t, row.code))! }
  },

  /** The settings form: one Save for both cases (PATCH when a copy exists, POST otherwise). */
  async save(t: Tenant, request: Request, code: string, input: TemplateContentInput): Promise<TemplateActionResult> {
    const d = defaultTemplate(code)
    if (!d?.between) return { ok: false, status: 400, error: UNKNOWN_TEMPLATE, field: 'code' }
    const existing = await scoped(t, 'email_templates').select('public_id').where('code', '=', code).executeTakeFirst()
    if (existing) return emailTemplateActions.update(t, request, existing.public_id, input)
    const created = await emailTemplateActions.create(t, request, { ...input, code, between: d.between })
    // Two saves of a first copy at once: the second becomes an update of the first.
    if (!created.ok && created.status === 409) {
      const row = await scoped(t, 'email_templates').select('public_id').where('code', '=', code).executeTakeFirst()
      if (row) return emailTemplateActions.update(t, request, row.public_id, input)
    }
    return created
  },

  /** The settings form's reset: by code (the page knows codes). */
  async resetCode(t: Tenant, request: Request, code: string): Promise<TemplateActionResult> {
    const row = await scoped(t, 'email_templates').select('public_id').where('code', '=', code).executeTakeFirst()
    if (!row) {
      const json = await getTemplateJson(t, code)
      return json ? { ok: true, template: json } : { ok: false, status: 404, error: TEMPLATE_NOT_FOUND }
    }
    return emailTemplateActions.reset(t, request, row.public_id)
  },
}
