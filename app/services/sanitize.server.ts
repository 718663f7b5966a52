// Contract HTML: one allow-list applied on save and again on render, so no script ever runs from a contract.
import sanitizeHtml from 'sanitize-html'

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'span', 'div', 'blockquote', 'hr',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Dropped with their content, not unwrapped into text.
  nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.target === '_blank' ? { rel: 'noopener noreferrer' } : {}) },
    }),
  },
}

export function sanitizeContractHtml(html: string): string {
  return sanitizeHtml(html ?? '', OPTIONS).trim()
}

/** True when the HTML has no visible text (an editor's empty `<p><br></p>` counts as empty). */
export function isBlankHtml(html: string): boolean {
  return sanitizeHtml(html ?? '', { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;/g, ' ').trim() === ''
}
