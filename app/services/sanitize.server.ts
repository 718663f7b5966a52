// Contract HTML: one allow-list applied on save and again on render, so no script ever runs from a contract.
import sanitizeHtml from 'sanitize-html'

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
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
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'span',
    'div',
    'blockquote',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Dropped with their content, not unwrapped into text.
  nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    // A link may open a new tab and nothing else (no named frames), and never hands the opener or
    // the referrer to the page it opens; a rel from the input is replaced, not merged.
    a: (tagName, { target, rel: _rel, ...attribs }) => ({
      tagName,
      attribs: { ...attribs, ...(target === '_blank' ? { target } : {}), rel: 'noopener noreferrer' },
    }),
  },
}

export function sanitizeContractHtml(html: string): string {
  return sanitizeHtml(html ?? '', OPTIONS).trim()
}

/**
 * A refused form's values as they go back to the form: the HTML fields sanitized, so the editor
 * is never filled with markup the server would not have saved (no script runs on a failed post).
 */
export function sanitizeSubmittedHtml<T extends Record<string, unknown>>(submitted: T, fields: readonly string[] = ['content']): T {
  const safe: Record<string, unknown> = { ...submitted }
  for (const field of fields) {
    if (field in safe) safe[field] = typeof safe[field] === 'string' ? sanitizeContractHtml(safe[field]) : ''
  }
  return safe as T
}

/** True when the HTML has no visible text (an editor's empty `<p><br></p>` counts as empty). */
export function isBlankHtml(html: string): boolean {
  return (
    sanitizeHtml(html ?? '', { allowedTags: [], allowedAttributes: {} })
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  )
}
