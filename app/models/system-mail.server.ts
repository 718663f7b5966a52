// Every e-mail the product sends: queued by template code and field values (queueEmail), and made
// into a message by the e-mail job (composeEmail) with the organisation's template, logo, colours
// and sender, through the one renderer. The settings preview composes the same way with sample data.
import { defaultTemplate, type TemplateContent } from '#app/rules/email-templates'
import { type Branding, renderEmail, type RenderedEmail, safeColours } from '#app/services/email-render.server'
import { env } from '#app/services/env.server'
import type { MailAttachment, OutgoingMail } from '#app/services/mail.server'
import { storage } from '#app/services/storage.server'
import { tenantForJob } from '#app/services/db.server'
import { addToOutbox, enqueueThroughOutbox, type OutboxWriter } from '#app/services/outbox.server'
import type { Payload } from '#app/services/queue.server'
import { scoped, type TenantScope } from '#db/tenant'
import { subdomainOrigin, systemSender, tenantOrigin } from './domains.server'
import { effectiveTemplate } from './email-templates.server'

export type SystemMail = {
  clientId: number | null
  to: string
  /** A code of app/rules/email-templates.ts. */
  template: string
  fields?: Record<string, string>
  /** Where the call-to-action button leads: a path on the recipient's portal ('/login'), made absolute by portalLink. */
  buttonPath?: string | null
  /** A credential link (reset, welcome, sign-in, e-mail confirmation): made absolute by credentialLink instead. */
  credential?: boolean
}

/**
 * One e-mail's job payload, its button made absolute. Read before a transaction that writes it with
 * addToOutbox(tx, 'email', ...): its lookups use their own connections, which a transaction holding one
 * of the pool's must not wait for (parallel transactions would exhaust the pool and wait forever).
 */
export async function emailPayload(mail: SystemMail, via?: TenantScope): Promise<Payload<'email'>> {
  if (!defaultTemplate(mail.template)) throw new Error(`Unknown e-mail template ${mail.template}`)
  const buttonLink = mail.buttonPath ? await (mail.credential ? credentialLink : portalLink)(mail.clientId, mail.buttonPath, via) : null
  return { clientId: mail.clientId, to: mail.to, template: mail.template, fields: mail.fields ?? {}, buttonLink }
}

/**
 * Writes one e-mail to the outbox inside the caller's transaction (ADR 0101): it commits or rolls back with the
 * change. `tx` is the transaction (an organisation's TenantScope, or the platform's); its lookups (the button's
 * host) run on it when it is the mail's organisation, so a transaction never waits for a second pooled
 * connection. Returns the row's id: the caller kicks it (kickOutbox) once the transaction has committed.
 */
export async function queueEmailIn(tx: TenantScope | OutboxWriter, mail: SystemMail, opts: { jobId?: string } = {}): Promise<number> {
  const scope = 'clientId' in tx ? tx : null
  const payload = await emailPayload(mail, scope && scope.clientId === mail.clientId ? scope : undefined)
  return addToOutbox(scope ? scope.db : (tx as OutboxWriter), 'email', payload, { jobId: opts.jobId })
}

/**
 * Queues one e-mail through the outbox (ADR 0092), written right after the caller's change and relayed at once
 * (for a caller with no transaction; one with a transaction uses queueEmailIn);
 * a jobId makes it idempotent (the same id is never sent twice). Returns the outbox row's id.
 */
export async function queueEmail(mail: SystemMail, opts: { jobId?: string } = {}): Promise<number> {
  return enqueueThroughOutbox('email', await emailPayload(mail), { jobId: opts.jobId })
}

const ORIGIN_TTL_MS = 30_000
const origins = new Map<number, { at: number; origin: string }>()

/**
 * The absolute address of a path on the recipient's portal: the organisation's verified custom domain,
 * else its subdomain (tenantOrigin); PUBLIC_URL for the platform's own mail. Read from the database
 * (once per burst of mails), never from a request's headers.
 */
export async function portalLink(clientId: number | null, path: string, via?: TenantScope): Promise<string> {
  if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`portalLink expects a path starting with one '/': ${path}`)
  if (clientId === null) return `${env().PUBLIC_URL}${path}`
  const cached = origins.get(clientId)
  if (cached && Date.now() - cached.at < ORIGIN_TTL_MS) return `${cached.origin}${path}`
  const origin = await tenantOrigin(via?.clientId === clientId ? via : tenantForJob(clientId))
  origins.set(clientId, { at: Date.now(), origin })
  return `${origin}${path}`
}

/**
 * The absolute address of a credential link: the organisation's subdomain host, else PUBLIC_URL, both hosts
 * the platform controls; never the custom domain, which staff with WRITE_DOMAIN can point anywhere (ADR 0059).
 */
export async function credentialLink(clientId: number | null, path: string, via?: TenantScope): Promise<string> {
  if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`credentialLink expects a path starting with one '/': ${path}`)
  const origin = clientId === null ? null : await subdomainOrigin(via?.clientId === clientId ? via : tenantForJob(clientId))
  return `${origin ?? env().PUBLIC_URL}${path}`
}

const PLATFORM_NAME = 'Draftdesk'
const LOGO_CID = 'logo@draftdesk'
const BRANDING_TTL_MS = 30_000

type OrganisationLook = { companyName: string; logoKey: string | null; colours: Branding['colours']; companyEmail: string | null; companyAddress: string | null }

// A burst of mails of one organisation (a reminder pass) reads its look once, not once per mail.
const looks = new Map<number, { at: number; look: OrganisationLook }>()
const logos = new Map<string, { at: number; file: MailAttachment | null }>()

/** Drops what this process remembers of an organisation's look and sender (tests; a save elsewhere shows within 30 s anyway). */
export function forgetBranding(clientId?: number) {
  if (clientId === undefined) {
    looks.clear()
    senders.clear()
    origins.clear()
  } else {
    looks.delete(clientId)
    senders.delete(clientId)
    origins.delete(clientId)
  }
}

async function organisationLook(clientId: number): Promise<OrganisationLook> {
  const cached = looks.get(clientId)
  if (cached && Date.now() - cached.at < BRANDING_TTL_MS) return cached.look
  const t = tenantForJob(clientId)
  const [org, custom] = await Promise.all([
    t.db.selectFrom('organisations').select(['name', 'logo']).where('id', '=', clientId).executeTakeFirst(),
    scoped(t, 'website_customizations')
      .select([
        'top_bar_bg_color',
        'top_bar_text_color',
        'side_bar_active_color',
        'side_bar_text_color',
        'footer_bg_color',
        'footer_text_color',
        'company_email',
        'company_address',
      ])
      .executeTakeFirst(),
  ])
  const look: OrganisationLook = {
    companyName: org?.name ?? PLATFORM_NAME,
    logoKey: org?.logo ?? null,
    // The mail wears the portal's colours: header as its top bar, button as its active item, footer as its footer.
    colours: safeColours({
      headerBg: custom?.top_bar_bg_color,
      headerText: custom?.top_bar_text_color,
      buttonBg: custom?.side_bar_active_color,
      buttonText: custom?.side_bar_text_color,
      footerBg: custom?.footer_bg_color,
      footerText: custom?.footer_text_color,
    }),
    companyEmail: custom?.company_email || null,
    companyAddress: custom?.company_address || null,
  }
  looks.set(clientId, { at: Date.now(), look })
  return look
}

async function logoAttachment(key: string): Promise<MailAttachment | null> {
  const cached = logos.get(key)
  if (cached && Date.now() - cached.at < BRANDING_TTL_MS) return cached.file
  let file: MailAttachment | null = null
  const contentType = /\.png$/i.test(key) ? 'image/png' : /\.jpe?g$/i.test(key) ? 'image/jpeg' : null
  if (contentType) {
    // A missing or unreadable logo sends the mail with the company name instead.
    const data = await storage()
      .get(key)
      .catch(() => null)
    if (data) file = { filename: `logo${contentType === 'image/png' ? '.png' : '.jpg'}`, content: data, contentType, cid: LOGO_CID }
  }
  logos.set(key, { at: Date.now(), file })
  return file
}

/**
 * The look of a mail. A sent mail carries the logo as an inline attachment (no image is fetched
 * from our servers when it is opened, so nothing can track the reader); the preview links the file.
 */
export async function brandingFor(
  clientId: number | null,
  brand: 'organisation' | 'platform',
  mode: 'send' | 'preview',
): Promise<{ branding: Branding; attachments: MailAttachment[] }> {
  if (clientId === null || brand === 'platform') {
    return { branding: { companyName: PLATFORM_NAME, logoSrc: null, colours: safeColours({}) }, attachments: [] }
  }
  const look = await organisationLook(clientId)
  const base = { companyName: look.companyName, colours: look.colours, companyEmail: look.companyEmail, companyAddress: look.companyAddress }
  if (!look.logoKey) return { branding: { ...base, logoSrc: null }, attachments: [] }
  if (mode === 'preview') return { branding: { ...base, logoSrc: `/api/file/${encodeURIComponent(look.logoKey)}` }, attachments: [] }
  const logo = await logoAttachment(look.logoKey)
  return { branding: { ...base, logoSrc: logo ? `cid:${LOGO_CID}` : null }, attachments: logo ? [logo] : [] }
}

function platformFrom(): string {
  return env().MAIL_FROM
}

const senders = new Map<number, { at: number; sender: Awaited<ReturnType<typeof systemSender>> }>()

/** The sender: the organisation's no-reply address (domains.server.ts) under its name, or the platform's. */
async function senderFor(clientId: number | null, brand: 'organisation' | 'platform', companyName: string): Promise<Pick<OutgoingMail, 'from' | 'envelopeFrom' | 'dkim'>> {
  if (clientId === null || brand === 'platform') return { from: platformFrom() }
  let cached = senders.get(clientId)
  if (!cached || Date.now() - cached.at >= BRANDING_TTL_MS) {
    cached = { at: Date.now(), sender: await systemSender(tenantForJob(clientId)) }
    senders.set(clientId, cached)
  }
  const { sender } = cached
  return { from: { name: companyName, address: sender.from }, envelopeFrom: sender.envelopeFrom, dkim: sender.dkim }
}

export type ComposeInput = {
  clientId: number | null
  to: string
  template: string
  fields: Record<string, string>
  buttonLink?: string | null
  /** Content that replaces the template's own (a workflow reminder's subject and body). */
  override?: Partial<TemplateContent>
}

/** Renders one mail as the organisation's template says; null for a code the catalogue does not know. */
export async function renderFor(
  input: ComposeInput,
  mode: 'send' | 'preview',
): Promise<(RenderedEmail & { attachments: MailAttachment[]; brand: 'organisation' | 'platform'; companyName: string }) | null> {
  const tenant: TenantScope | null = input.clientId === null ? null : tenantForJob(input.clientId)
  const found = await effectiveTemplate(tenant, input.template)
  if (!found) return null
  const { branding, attachments } = await brandingFor(input.clientId, found.template.brand, mode)
  const fields = { companyName: branding.companyName, ...input.fields }
  const rendered = renderEmail({ content: { ...found.content, ...input.override }, fields, buttonLink: input.buttonLink, branding })
  return { ...rendered, attachments, brand: found.template.brand, companyName: branding.companyName }
}

export async function composeEmail(input: ComposeInput): Promise<OutgoingMail | null> {
  const rendered = await renderFor(input, 'send')
  if (!rendered) return null
  return {
    to: input.to,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    attachments: rendered.attachments,
    ...(await senderFor(input.clientId, rendered.brand, rendered.companyName)),
  }
}
