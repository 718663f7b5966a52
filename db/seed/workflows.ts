// Demo data for the workflows domain: the four workflow kinds with reminders, a dozen products, cart link.
import type { Kysely } from 'kysely'
import type { Database } from '../types'
import type { StoredModule, StoredReminder } from '../tables/workflows'
import type { OrgIds } from './core'
import { seedId } from './ids'

const reminder = (key: string, num: number, days: number, what: string): StoredReminder => ({
  id: seedId(`reminder:${key}:${num}`).slice(0, 12),
  num,
  numberOfDays: days,
  email: { subject: `Reminder: ${what}`, body: `<p>Hello {{customerName}}, a friendly reminder: ${what}.</p>` },
})

function boards(org: string, formModules: { id: string; title: string }[]): { key: string; name: string; type: string; archived?: boolean; modules: StoredModule[] }[] {
  const upload = (k: string): StoredModule => ({
    id: 'previous_document',
    title: 'Upload Documents',
    reminders: [reminder(`${org}:${k}:upload`, 1, 2, 'please upload your documents'), reminder(`${org}:${k}:upload`, 2, 5, 'we are still waiting for your documents')],
  })
  const followUp = (k: string): StoredModule => ({
    id: 'additional_questionnaire',
    title: 'Follow Up Questions',
    reminders: [reminder(`${org}:${k}:followup`, 1, 3, 'please answer the follow up questions')],
  })
  const revision: StoredModule = { id: 'revision_process', title: 'Revision Process', reminders: [] }
  const final: StoredModule = { id: 'final_document', title: 'Final Document', reminders: [] }
  const forms = formModules.slice(0, 1).map((f) => ({ id: f.id, title: f.title, reminders: [reminder(`${org}:custom:form`, 1, 4, `please complete ${f.title}`)] }))
  return [
    { key: 'resume', name: 'Resume Writing', type: 'resume', modules: [upload('resume'), followUp('resume'), revision, final] },
    {
      key: 'cover',
      name: 'Cover Letter',
      type: 'cover',
      modules: [upload('cover'), followUp('cover'), revision, final],
    },
    {
      key: 'linkedin',
      name: 'LinkedIn Profile Makeover',
      type: 'linkedin',
      modules: [upload('linkedin'), revision, { id: 'final_linkedin', title: 'Final Linkedin Document', reminders: [] }],
    },
    {
      key: 'custom',
      name: 'Custom Document',
      type: 'custom',
      modules: [
        upload('custom'),
        ...forms,
        { id: 'schedule_appointment', title: 'Book a call', reminders: [reminder(`${org}:custom:call`, 1, 1, 'please book your call')] },
        final,
      ],
    },
    { key: 'old-resume', name: 'Resume Writing (2025)', type: 'resume', archived: true, modules: [upload('old'), revision, final] },
  ]
}

const PRODUCTS: {
  key: string
  name: string
  price: number
  description?: string
  workflows: string[]
  files?: number
  contract?: boolean
  archived?: boolean
  active?: boolean
  purchasable?: boolean
}[] = [
  {
    key: 'resume-basic',
    description: 'A clean, ATS-friendly resume written from your current one and a short questionnaire. One revision round included.',
    name: 'Resume Basic',
    price: 9900,
    workflows: ['resume'],
    files: 1,
  },
  {
    key: 'resume-pro',
    description: 'A professionally written resume and a matching cover letter, tailored to the roles you are targeting, with a call with your writer.',
    name: 'Resume Professional',
    price: 19900,
    workflows: ['resume', 'cover'],
    files: 2,
    contract: true,
  },
  {
    key: 'executive',
    description: 'For senior leaders: resume, cover letter and LinkedIn profile, written by an executive writer and reviewed by an editor.',
    name: 'Executive Package',
    price: 49900,
    workflows: ['resume', 'cover', 'linkedin'],
    files: 2,
    contract: true,
  },
  { key: 'cover', description: 'A persuasive cover letter tailored to one job posting.', name: 'Cover Letter', price: 7900, workflows: ['cover'] },
  {
    key: 'linkedin',
    description: 'A rewritten LinkedIn headline, About section and experience, optimised for recruiter searches.',
    name: 'LinkedIn Makeover',
    price: 12900,
    workflows: ['linkedin'],
    files: 1,
  },
  {
    key: 'career-bundle',
    description: 'Changing fields? A resume and LinkedIn profile that translate your experience for your new industry.',
    name: 'Career Change Bundle',
    price: 34900,
    workflows: ['resume', 'linkedin'],
    contract: true,
  },
  {
    key: 'custom',
    description: 'Any other professional document: a bio, a personal statement, a selection-criteria response. Tell us what you need.',
    name: 'Custom Document',
    price: 15000,
    workflows: ['custom'],
  },
  { key: 'student', name: 'Student Resume', price: 4999, workflows: ['resume'], purchasable: false },
  { key: 'federal', name: 'Federal Resume', price: 29900, workflows: ['resume'], active: false },
  { key: 'rush', name: 'Rush Resume (24h)', price: 24900, workflows: ['resume'], files: 1, active: false, purchasable: false },
  { key: 'legacy', name: 'Legacy Resume 2025', price: 8900, workflows: ['old-resume'], archived: true },
  { key: 'legacy-bundle', name: 'Legacy Bundle 2025', price: 18900, workflows: ['old-resume', 'cover'], archived: true, active: false },
]

export async function seedWorkflows(db: Kysely<Database>, orgIds: OrgIds): Promise<void> {
  for (const [org, clientId] of Object.entries(orgIds)) {
    // Files, contracts and forms come from the content seed when it created any.
    const formModules = [
      ...(await db
        .selectFrom('forms')
        .select(['public_id', 'name'])
        .where('client_id', '=', clientId)
        .where('archived', '=', false)
        .where('published_at', 'is not', null)
        .orderBy('id')
        .execute()),
      ...(await db.selectFrom('form_templates').select(['public_id', 'name']).where('published_at', 'is not', null).orderBy('id').execute()),
    ].map((f) => ({ id: f.public_id, title: f.name }))
    const files = await db.selectFrom('downloadables').select('id').where('client_id', '=', clientId).where('archived', '=', false).orderBy('id').execute()
    const contracts = await db.selectFrom('contracts').select('id').where('client_id', '=', clientId).where('archived', '=', false).orderBy('id').execute()

    const workflowIds: Record<string, number> = {}
    for (const [i, w] of boards(org, formModules).entries()) {
      const publicId = seedId(`workflow:${org}:${w.key}`)
      await db
        .insertInto('workflows')
        .values({
          public_id: publicId,
          client_id: clientId,
          name: w.name,
          service_type: w.type,
          modules: JSON.stringify(w.modules),
          archived: !!w.archived,
          created_at: new Date(Date.UTC(2026, 2, 2, 9, i)),
        })
        .onDuplicateKeyUpdate({ name: w.name })
        .execute()
      workflowIds[w.key] = (await db.selectFrom('workflows').select('id').where('public_id', '=', publicId).executeTakeFirstOrThrow()).id
    }

    for (const [i, p] of PRODUCTS.entries()) {
      const publicId = seedId(`product:${org}:${p.key}`)
      const existing = await db.selectFrom('products').select('id').where('public_id', '=', publicId).executeTakeFirst()
      if (existing) continue
      const result = await db
        .insertInto('products')
        .values({
          public_id: publicId,
          client_id: clientId,
          name: p.name,
          price_cents: p.price,
          description: p.description ?? null,
          contract_id: p.contract && contracts.length ? contracts[i % contracts.length]!.id : null,
          purchasable: p.purchasable ?? true,
          active: p.active ?? true,
          archived: !!p.archived,
          created_at: new Date(Date.UTC(2026, 2, 3, 9, i)),
        })
        .executeTakeFirstOrThrow()
      const productId = Number(result.insertId)
      await db
        .insertInto('product_workflows')
        .values(p.workflows.map((key, position) => ({ client_id: clientId, product_id: productId, workflow_id: workflowIds[key]!, position })))
        .execute()
      const mine = files.slice(0, Math.min(p.files ?? 0, files.length))
      if (mine.length) {
        await db
          .insertInto('product_downloadables')
          .values(mine.map((f, position) => ({ client_id: clientId, product_id: productId, downloadable_id: f.id, position })))
          .execute()
      }
    }

    const redirect = `https://www.${org === 'demo' ? 'demowriting' : 'rivalresumes'}.example/thank-you`
    await db.insertInto('cart_settings').values({ client_id: clientId, redirect_to: redirect }).onDuplicateKeyUpdate({ client_id: clientId }).execute()
  }
}
