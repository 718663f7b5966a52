import { describe, expect, it } from 'vitest'
import {
  BODY_REQUIRED,
  CHANNEL_TEMPLATES,
  channelTemplates,
  defaultTemplate,
  EMAIL_CHANNELS,
  fieldsUsed,
  fillFields,
  FIELDS,
  isCustomisable,
  isEmailChannel,
  isOff,
  LIMITS,
  SUBJECT_REQUIRED,
  SYSTEM_TEMPLATES,
  TEMPLATE_SAVED,
  dynamicFields,
  sampleFields,
  IN_CODE_FIELDS,
  ALREADY_CUSTOMISED,
  BUTTON_TEXT_REQUIRED,
  TEMPLATE_NOT_FOUND,
  TITLE_REQUIRED,
  UNKNOWN_CHANNEL,
  UNKNOWN_TEMPLATE,
  WRONG_CHANNEL,
} from './email-templates'

describe('the catalogue', () => {
  it('has the four channels of the spec, in its order', () => {
    expect(EMAIL_CHANNELS.map((c) => c.label)).toEqual(['Admin to Customer', 'Admin to Contributor', 'Contributor to Customer', 'Customer to Contributor'])
    expect(isEmailChannel('adminToWriter')).toBe(true)
    expect(isEmailChannel('everyone')).toBe(false)
  })

  it('lists the default templates of section 9 under their channels', () => {
    expect(channelTemplates('adminToCustomer').map((t) => t.code)).toEqual([
      'contributor_assigned',
      'order_received',
      'invoice_created',
      'invoice_payment_received',
      'form_response_received',
      'draft_auto_accept_reminder',
    ])
    expect(channelTemplates('adminToWriter').map((t) => t.code)).toEqual([
      'draft_approved',
      'draft_rejected',
      'order_assigned',
      'order_reassigned',
      'admin_team_chat',
      'order_due_soon',
    ])
    expect(channelTemplates('writerToCustomer').map((t) => t.code)).toEqual([
      'draft_uploaded_resume',
      'draft_revised_resume',
      'draft_uploaded_cover',
      'draft_revised_cover',
      'draft_uploaded_linkedin',
      'draft_revised_linkedin',
      'draft_uploaded_custom',
      'draft_revised_custom',
      'follow_up_questions',
      'final_documents_uploaded',
      'final_documents_reuploaded',
    ])
    expect(channelTemplates('customerToWriter').map((t) => t.code)).toEqual([
      'appointment_scheduled',
      'form_response_submitted',
      'draft_review_added',
      'revision_requested',
      'draft_finalized',
      'documents_uploaded',
    ])
  })

  it('gives every template a unique code, the four parts, and only fields it declares', () => {
    const all = [...CHANNEL_TEMPLATES, ...SYSTEM_TEMPLATES]
    expect(new Set(all.map((t) => t.code)).size).toBe(all.length)
    for (const t of CHANNEL_TEMPLATES) {
      expect(t.subject && t.title && t.body && t.button_text && t.description, t.code).toBeTruthy()
    }
    for (const t of all) {
      const used = fieldsUsed(`${t.subject} ${t.title} ${t.body} ${t.button_text}`)
      for (const key of used) expect(t.fields, `${t.code} uses {{${key}}}`).toContain(key)
      for (const key of t.fields) expect(FIELDS, key).toHaveProperty(key)
    }
  })

  it('makes only the channel templates customisable', () => {
    expect(isCustomisable('order_received')).toBe(true)
    expect(isCustomisable('password_reset')).toBe(false)
    expect(isCustomisable('nope')).toBe(false)
    expect(defaultTemplate('password_reset')?.between).toBeNull()
  })

  it('says which templates a website setting switches off', () => {
    const approved = defaultTemplate('draft_approved')!
    const review = defaultTemplate('draft_review_added')!
    expect(isOff(approved, { enable_revisions_approval_feature: false })).toBe(true)
    expect(isOff(approved, { enable_revisions_approval_feature: true })).toBe(false)
    expect(isOff(review, { disable_customer_rating: true })).toBe(true)
    expect(isOff(review, {})).toBe(false)
    expect(isOff(defaultTemplate('order_received')!, { disable_customer_rating: true })).toBe(false)
  })
})

// The catalogue is data: these hold each default text to what the settings screen and the mails need of it, so
// a blanked or garbled text, a lost field or a wrong setting fails here, not in a customer's inbox.
describe('the default texts', () => {
  const all = [...CHANNEL_TEMPLATES, ...SYSTEM_TEMPLATES]
  const texts = (t: (typeof all)[number]) => [t.subject, t.title, t.body, t.button_text, t.description]

  it('tell the templates apart: one description, title and body each, and one subject but for the two welcomes', () => {
    for (const part of ['description', 'title', 'body'] as const) expect(new Set(all.map((t) => t[part])).size, part).toBe(all.length)
    const twice = all.filter((t) => all.some((o) => o !== t && o.subject === t.subject)).map((t) => t.code)
    expect(twice).toEqual(['customer_welcome', 'portal_welcome'])
  })

  it('have a subject, a body and a description each; only the mails with nothing to open have no button, only the chat message no title', () => {
    for (const t of all) expect([t.subject, t.body, t.description].every(Boolean), t.code).toBe(true)
    expect(all.filter((t) => !t.button_text).map((t) => t.code)).toEqual(['two_factor_code', 'email_change_requested', 'email_changed', 'message'])
    expect(all.filter((t) => !t.title).map((t) => t.code)).toEqual(['message'])
  })

  it('have no doubled, leading or trailing space and no space before punctuation (a part left blank)', () => {
    for (const t of all) for (const text of texts(t)) expect(text, t.code).not.toMatch(/ {2}|^ | $| [.,!?:]/)
  })

  it('describe a template in plain words, without fields', () => {
    for (const t of all) expect(fieldsUsed(t.description), t.code).toEqual([])
    expect(defaultTemplate('draft_uploaded_resume')!.description).toBe('Sent to the customer when the first draft of their resume is uploaded.')
    expect(defaultTemplate('draft_revised_custom')!.description).toBe('Sent to the customer when a revised draft of their custom document is uploaded after a revision.')
    expect(defaultTemplate('draft_uploaded_linkedin')!.subject).toBe('Your LinkedIn profile draft is ready')
    expect(defaultTemplate('draft_uploaded_custom')!.subject).toBe('Your {{serviceName}} draft is ready')
  })

  it('fill every field they declare with a labelled sample, and address the customer or contributor by name', () => {
    for (const t of all) {
      expect(
        dynamicFields(t).filter((f) => !f.label || !f.sample),
        t.code,
      ).toEqual([])
      expect(Object.keys(sampleFields(t)), t.code).toEqual([...t.fields])
      expect(fillFields(texts(t).join(' '), sampleFields(t)), t.code).not.toMatch(/\{\{/)
    }
    expect(new Set(Object.values(FIELDS).map((f) => f.label)).size).toBe(Object.keys(FIELDS).length)
    const customer = ['customerFirstName', 'customerName', 'companyName', 'productName', 'orderId']
    for (const t of [...channelTemplates('adminToCustomer'), ...channelTemplates('writerToCustomer')]) expect(t.fields, t.code).toEqual(expect.arrayContaining(customer))
    for (const t of [...channelTemplates('adminToWriter'), ...channelTemplates('customerToWriter')])
      expect(t.fields, t.code).toEqual(expect.arrayContaining(['contributorFirstName', 'contributorName', 'companyName']))
    expect(IN_CODE_FIELDS).toEqual(['buttonLink'])
    expect(Object.keys(FIELDS)).not.toContain('buttonLink')
  })

  it('come from the organisation, but for the account and billing mails of the platform', () => {
    expect(CHANNEL_TEMPLATES.every((t) => t.brand === 'organisation' && t.between)).toBe(true)
    expect(SYSTEM_TEMPLATES.every((t) => t.between === null)).toBe(true)
    expect(SYSTEM_TEMPLATES.map((t) => `${t.code} ${t.brand}`)).toEqual([
      'two_factor_code organisation',
      'password_reset organisation',
      'email_change_confirm organisation',
      'email_change_requested organisation',
      'email_changed organisation',
      'customer_welcome organisation',
      'customer_sign_in_link organisation',
      'portal_welcome platform',
      'custom_domain_changed platform',
      'billing_trial_ending platform',
      'billing_payment_failed platform',
      'billing_account_locked platform',
      'message organisation',
      'workflow_reminder organisation',
    ])
    // Offered to a customised text although the default does not name the contributor.
    expect(defaultTemplate('final_documents_uploaded')!.fields).toContain('contributorName')
  })

  it('say on the settings screen which setting stops them', () => {
    const off = all.filter((t) => t.offWhen).map((t) => [t.code, t.offWhen!.setting, t.offWhen!.value, t.offWhen!.note])
    expect(off).toContainEqual(['draft_approved', 'enable_revisions_approval_feature', false, 'Not sent while revisions approval is turned off'])
    expect(off).toContainEqual(['draft_review_added', 'disable_customer_rating', true, 'Not sent while customer rating is turned off'])
  })
})

describe("the editor's messages and limits", () => {
  it("are the spec's letter for letter where it has them, and one distinct sentence each", () => {
    expect([SUBJECT_REQUIRED, BODY_REQUIRED, TEMPLATE_SAVED]).toEqual(['Please enter the email subject', 'Please enter email body', 'successfully saved.'])
    const ours = [TITLE_REQUIRED, BUTTON_TEXT_REQUIRED, UNKNOWN_CHANNEL, UNKNOWN_TEMPLATE, WRONG_CHANNEL, ALREADY_CUSTOMISED, TEMPLATE_NOT_FOUND]
    expect(new Set([SUBJECT_REQUIRED, BODY_REQUIRED, TEMPLATE_SAVED, ...ours]).size).toBe(10)
    for (const m of ours) expect(m).toMatch(/^[A-Z][a-z]+ .*[a-zA-Z]$/)
    expect(LIMITS).toEqual({ subject: 255, title: 255, body: 50_000, buttonText: 100 })
  })
})

describe('fillFields', () => {
  it.each([
    ['Hi {{name}}!', { name: 'Ann' }, 'Hi Ann!'],
    ['Hi {{ name }}', { name: 'Ann' }, 'Hi Ann'],
    ['{{a}}{{a}}', { a: 'x' }, 'xx'],
    ['Hi {{nmae}}', { name: 'Ann' }, 'Hi {{nmae}}'],
    ['{{1bad}} {{}}', {}, '{{1bad}} {{}}'],
    ['Hi {{toString}}', {}, 'Hi {{toString}}'],
    ['Empty: [{{note}}]', { note: '' }, 'Empty: []'],
  ])('%s', (template, values, expected) => {
    expect(fillFields(template, values)).toBe(expected)
  })

  it('encodes each value, never the template around it', () => {
    expect(fillFields('<b>{{v}}</b>', { v: '<i>' }, (v) => v.replace(/</g, '&lt;').replace(/>/g, '&gt;'))).toBe('<b>&lt;i&gt;</b>')
  })

  it('lists the fields a text uses, once each', () => {
    expect(fieldsUsed('{{a}} {{b}} {{ a }}')).toEqual(['a', 'b'])
  })
})
