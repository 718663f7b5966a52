import { describe, expect, it } from 'vitest'
import {
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
  SYSTEM_TEMPLATES,
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
