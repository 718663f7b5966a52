// The one e-mail renderer: a template's subject, title, HTML body and call to action, filled with
// escaped dynamic fields and framed by the organisation's logo, colours and a footer, as an HTML
// part and a plain-text part. Pure (no I/O): the e-mail job and the settings preview both call it.
import sanitizeHtml from 'sanitize-html'
import { fillFields, type TemplateContent } from '#app/rules/email-templates'
import { escapeHtml } from '#app/rules/html'

export type EmailColours = {
  headerBg: string
  headerText: string
  buttonBg: string
  buttonText: string
  footerBg: string
  footerText: string
}

export const DEFAULT_COLOURS: EmailColours = {
  headerBg: '#1f2937',
  headerText: '#ffffff',
  buttonBg: '#4f46e5',
  buttonText: '#ffffff',
  footerBg: '#f3f4f6',
  footerText: '#6b7280',
}

export type Branding = {
  companyName: string
  /** Where the logo image is: `cid:...` for an attached logo in a sent mail, a same-site path in the preview. */
  logoSrc: string | null
  colours: EmailColours
  /** Shown in the footer when the organisation set them. */
  companyEmail?: string | null
  companyAddress?: string | null
}

export type RenderInput = {
  content: TemplateContent
  fields: Readonly<Record<string, string>>
  /** Where the call-to-action button leads; without one (or with an unsafe one) there is no button. */
  buttonLink?: string | null
  branding: Branding
}

export type RenderedEmail = { subject: string; html: string; text: string }

const HEX = /^#[0-9a-f]{6}$/i

/** A colour goes into a style attribute: anything but #rrggbb falls back to the default look. */
export function safeColours(colours: Partial<Record<keyof EmailColours, string | null | undefined>>): EmailColours {
  const out = { ...DEFAULT_COLOURS }
  for (const key of Object.keys(out) as (keyof EmailColours)[]) {
    const value = colours[key]
    if (value && HEX.test(value)) out[key] = value.toLowerCase()
  }
  return out
}

// The contract allow-list (app/services/sanitize.server.ts) minus tables' layout attributes: what an
// admin may write in a template or a reminder. No images, styles, forms or scripts.
const BODY_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'a',
    'span',
    'div',
    'blockquote',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title', 'head'],
  transformTags: {
    // Every link of an e-mail opens a new tab and hands nothing to the page it opens.
    a: (tagName, attribs) => ({ tagName, attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: '_blank', rel: 'noopener noreferrer' } }),
  },
}

export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html ?? '', BODY_OPTIONS).trim()
}

/** A field's value in HTML: escaped, its line breaks kept. */
function htmlValue(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>')
}

/** Subjects are one line: a value cannot add a header or a second line. */
function oneLine(value: string): string {
  return value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim()
}

export function isSafeLink(link: string | null | undefined): link is string {
  if (!link) return false
  try {
    const url = new URL(link)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole
    }
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

/**
 * Sanitized HTML as plain text: blocks become paragraphs, list items lines with a dash, and a link
 * its text followed by its address (the address alone when they are the same), always followed by
 * a space or a line end so that a mail client (or a test) finds where it stops.
 */
export function htmlToText(html: string): string {
  let s = html.replace(/\s+/g, ' ')
  s = s.replace(/<a\b[^>]*?href="([^"]*)"[^>]*>(.*?)<\/a>/gi, (_m, href: string, inner: string) => {
    const url = decodeEntities(href)
    const label = decodeEntities(inner.replace(/<[^>]*>/g, '')).trim()
    return escapeHtml(!label || label === url ? `${url} ` : `${label}: ${url} `)
  })
  s = s
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<hr\b[^>]*>/gi, '\n\n---\n\n')
    .replace(/<\/?(p|div|h[1-6]|ul|ol|table|thead|tbody|tr|blockquote)\b[^>]*>/gi, '\n\n')
    .replace(/<\/t[dh]>/gi, '  ')
    .replace(/<[^>]*>/g, '')
  return decodeEntities(s)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** Paragraphs left empty by an empty field (an assignment without a message) are dropped. */
function dropEmptyBlocks(html: string): string {
  return html.replace(/<(p|blockquote|div)>(\s|<br\s*\/?>)*<\/\1>/gi, '')
}

export function renderEmail(input: RenderInput): RenderedEmail {
  const { content, fields, branding } = input
  const colours = safeColours(branding.colours)
  const subject = oneLine(fillFields(content.subject, fields, oneLine)).slice(0, 255)
  const title = oneLine(fillFields(content.title, fields, oneLine))
  const buttonText = oneLine(fillFields(content.button_text, fields, oneLine))
  const link = buttonText && isSafeLink(input.buttonLink) ? input.buttonLink : null

  // The template is sanitized before the values go in (so its own markup is checked), and again
  // after: escaped values cannot open a tag, and a value placed in an href cannot make it javascript:.
  const templateBody = sanitizeEmailHtml(content.body)
  const body = dropEmptyBlocks(sanitizeEmailHtml(fillFields(templateBody, fields, htmlValue)))
  // The text part is made from the sanitized template with the raw values put in after the markup is gone.
  const bodyText = fillFields(htmlToText(templateBody), fields)
    .split('\n')
    .filter((line, i, all) => !(line.trim() === '' && (all[i - 1] ?? '').trim() === ''))
    .join('\n')
    .trim()

  const company = oneLine(branding.companyName) || 'Draftdesk'
  const html = layout({ title, body, buttonText, link, colours, company, branding })
  const footer = footerLines(company, branding)
  const text = [title, bodyText, link ? `${buttonText}:\n${link}` : '', `--\n${footer.join('\n')}`].filter((part) => part.trim() !== '').join('\n\n') + '\n'
  return { subject, html, text }
}

/**
 * The footer says who sent the mail and why, and carries no unsubscribe or tracking link and no
 * token: these are service messages the account needs, and a forwarded mail gives nothing away.
 */
function footerLines(company: string, branding: Branding): string[] {
  const lines = [`${company}`]
  if (branding.companyAddress) lines.push(oneLine(branding.companyAddress))
  if (branding.companyEmail) lines.push(`Questions? Write to ${oneLine(branding.companyEmail)}`)
  lines.push(`You receive this e-mail because you have an account with ${company}. It is a service message about your account or your orders.`)
  return lines
}

function layout(p: { title: string; body: string; buttonText: string; link: string | null; colours: EmailColours; company: string; branding: Branding }): string {
  const c = p.colours
  const company = escapeHtml(p.company)
  const logo = p.branding.logoSrc
    ? `<img src="${escapeHtml(p.branding.logoSrc)}" alt="${company}" height="50" style="display:block;height:50px;max-width:240px;border:0">`
    : `<span style="font-size:20px;font-weight:600;color:${c.headerText}">${company}</span>`
  const button = p.link
    ? `<p style="margin:28px 0 8px"><a href="${escapeHtml(p.link)}" target="_blank" rel="noopener noreferrer" style="display:inline-block;padding:12px 22px;border-radius:6px;background:${c.buttonBg};color:${c.buttonText};font-weight:600;text-decoration:none">${escapeHtml(p.buttonText)}</a></p>`
    : ''
  const footer = footerLines(p.company, p.branding)
    .map((line) => `<p style="margin:4px 0">${escapeHtml(line)}</p>`)
    .join('')
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(p.title || p.company)}</title></head>`,
    '<body style="margin:0;padding:0;background:#ffffff">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse"><tr><td align="center" style="padding:16px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;border-collapse:collapse;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827">',
    `<tr><td style="padding:16px 24px;background:${c.headerBg};color:${c.headerText}">${logo}</td></tr>`,
    '<tr><td style="padding:24px">',
    p.title ? `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#111827">${escapeHtml(p.title)}</h1>` : '',
    `<div>${p.body}</div>`,
    button,
    '</td></tr>',
    `<tr><td style="padding:16px 24px;background:${c.footerBg};color:${c.footerText};font-size:12px">${footer}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('')
}
