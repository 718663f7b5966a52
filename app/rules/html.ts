// Text put into the HTML of e-mails: pure, shared by every model that writes one.

/** Escapes the five characters that could open a tag or leave an attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
