// Demo data for the content domain: files (written through storage), provider contract samples and each
// organisation's contracts, platform form templates (published ones are workflow modules), forms and coupons.
import type { Kysely } from 'kysely'
import { storage } from '../../app/services/storage.server'
import type { FormItem } from '../tables/content'
import type { Database } from '../types'
import type { OrgIds } from './core'
import { seedId } from './ids'

const q = (id: string, type: FormItem['type'], text: string, required = false, options?: string[]): FormItem => ({
  id,
  type,
  text,
  required,
  ...(options ? { options } : {}),
})

const FORM_TEMPLATES: { key: string; name: string; published: boolean; items: FormItem[] }[] = [
  {
    key: 'form-template:resume-intake',
    name: 'Resume Intake Questionnaire',
    published: true,
    items: [
      q('q1', 'section_heading', 'About you'),
      q('q2', 'short_text', 'What job title are you targeting?', true),
      q('q3', 'long_text', 'Describe your most recent role and achievements.', true),
      q('q4', 'single_choice', 'Years of experience', true, ['0-2', '3-5', '6-10', '10+']),
      q('q5', 'multiple_choice', 'Industries you are interested in', false, ['Tech', 'Finance', 'Healthcare', 'Education']),
      q('q6', 'date', 'When do you need the resume?'),
      q('q7', 'file_upload', 'Upload your current resume'),
    ],
  },
  {
    key: 'form-template:linkedin-profile',
    name: 'LinkedIn Profile Questionnaire',
    published: true,
    items: [q('q1', 'short_text', 'LinkedIn profile URL', true), q('q2', 'long_text', 'What should your headline convey?', true)],
  },
  { key: 'form-template:cover-letter-draft', name: 'Cover Letter Questionnaire (draft)', published: false, items: [q('q1', 'short_text', 'Company you are applying to', true)] },
]

const CONTRACT_TEMPLATES = [
  {
    key: 'contract-template:service-agreement',
    title: 'Standard Service Agreement',
    content:
      '<h2>Service Agreement</h2><p>This agreement is between <strong>the Company</strong> and <strong>the Customer</strong>.</p><ul><li>The Company delivers the documents described in the product.</li><li>Revisions are included as stated in the workflow.</li></ul><p>Questions: <a href="mailto:support@example.com">support@example.com</a></p>',
  },
  {
    key: 'contract-template:privacy-terms',
    title: 'Privacy and Confidentiality Terms',
    content: '<h2>Confidentiality</h2><p>All documents you share are kept <em>confidential</em> and used only to deliver your order.</p>',
  },
]

// A tiny valid PDF, so the seeded file downloads as one.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

async function seedPlatformTemplates(db: Kysely<Database>) {
  for (const t of CONTRACT_TEMPLATES) {
    await db
      .insertInto('contract_templates')
      .values({ public_id: seedId(t.key), title: t.title, content: t.content })
      .onDuplicateKeyUpdate({ title: t.title })
      .execute()
  }
  for (const t of FORM_TEMPLATES) {
    const data = JSON.stringify({ items: t.items })
    await db
      .insertInto('form_templates')
      .values({
        public_id: seedId(t.key),
        name: t.name,
        draft_data: data,
        published_data: t.published ? data : null,
        published_at: t.published ? new Date('2026-03-01T09:00:00Z') : null,
      })
      .onDuplicateKeyUpdate({ name: t.name })
      .execute()
  }
}

async function seedFiles(db: Kysely<Database>, org: string, clientId: number) {
  const files = [
    { name: 'welcome-guide.txt', mime: 'text/plain', data: Buffer.from(`Welcome to ${org}!\nThis guide explains how your order works.\n`), title: 'Welcome Guide' },
    { name: 'interview-checklist.pdf', mime: 'application/pdf', data: PDF, title: 'Interview Checklist' },
  ]
  for (const f of files) {
    const key = `${clientId}_seed-${f.name}`
    const publicId = seedId(`downloadable:${org}:${f.name}`)
    if (await db.selectFrom('downloadables').select('id').where('public_id', '=', publicId).executeTakeFirst()) continue
    await storage().put(key, f.data)
    await db
      .insertInto('files')
      .values({
        public_id: seedId(`file:${org}:${f.name}`),
        client_id: clientId,
        storage_key: key,
        original_name: f.name,
        mime_type: f.mime,
        size: f.data.length,
        purpose: 'downloadable',
      })
      .onDuplicateKeyUpdate({ size: f.data.length })
      .execute()
    await db.insertInto('downloadables').values({ public_id: publicId, client_id: clientId, title: f.title, file_key: key, file_name: f.name, file_size: f.data.length }).execute()
  }
}

async function seedContracts(db: Kysely<Database>, org: string, clientId: number) {
  const sample = await db.selectFrom('contract_templates').select(['id', 'title', 'content']).where('public_id', '=', seedId(CONTRACT_TEMPLATES[0]!.key)).executeTakeFirstOrThrow()
  const contracts = [
    {
      key: 'standard',
      title: 'Standard Terms',
      content: '<h2>Terms</h2><p>Delivery within 5 business days. <strong>Two revisions</strong> included.</p>',
      templateId: null,
      archived: false,
    },
    { key: 'clone', title: `Copy of ${sample.title}`, content: sample.content, templateId: sample.id, archived: false },
    { key: 'old', title: 'Old Terms 2025', content: '<p>Replaced by the standard terms.</p>', templateId: null, archived: true },
  ]
  for (const c of contracts) {
    await db
      .insertInto('contracts')
      .values({ public_id: seedId(`contract:${org}:${c.key}`), client_id: clientId, title: c.title, content: c.content, template_id: c.templateId, archived: c.archived })
      .onDuplicateKeyUpdate({ title: c.title })
      .execute()
  }
}

async function seedForms(db: Kysely<Database>, org: string, clientId: number) {
  const items = FORM_TEMPLATES[0]!.items
  const forms = [
    { key: 'intake', name: 'Client Intake Form', items, published: true, archived: false },
    { key: 'feedback', name: 'Feedback Form (draft)', items: [q('q1', 'long_text', 'How did we do?', true)], published: false, archived: false },
    { key: 'legacy', name: 'Legacy Form', items: [q('q1', 'short_text', 'Name', true)], published: true, archived: true },
  ]
  for (const f of forms) {
    const data = JSON.stringify({ items: f.items })
    await db
      .insertInto('forms')
      .values({
        public_id: seedId(`form:${org}:${f.key}`),
        client_id: clientId,
        name: f.name,
        draft_data: data,
        published_data: f.published ? data : null,
        published_at: f.published ? new Date('2026-03-02T09:00:00Z') : null,
        archived: f.archived,
      })
      .onDuplicateKeyUpdate({ name: f.name })
      .execute()
  }
}

async function seedCoupons(db: Kysely<Database>, org: string, clientId: number) {
  const coupons = [
    { code: 'WELCOME10', type: 'percent' as const, value: 10, max: 100, availed: 3 },
    { code: 'FLAT25', type: 'flat' as const, value: 25, max: 10, availed: 0 },
  ]
  for (const c of coupons) {
    await db
      .insertInto('coupons')
      .values({
        public_id: seedId(`coupon:${org}:${c.code}`),
        client_id: clientId,
        coupon_code: c.code,
        discount_type: c.type,
        value: c.value,
        max_redemptions: c.max,
        availed_times: c.availed,
        redeem_by: new Date('2030-12-31T23:59:59Z'),
      })
      .onDuplicateKeyUpdate({ value: c.value })
      .execute()
  }
}

export async function seedContent(db: Kysely<Database>, orgIds: OrgIds): Promise<void> {
  await seedPlatformTemplates(db)
  for (const [org, clientId] of Object.entries(orgIds)) {
    await seedFiles(db, org, clientId)
    await seedContracts(db, org, clientId)
    await seedForms(db, org, clientId)
    await seedCoupons(db, org, clientId)
  }
}
