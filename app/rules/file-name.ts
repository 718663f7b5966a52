// File names people upload: no commas or apostrophes (they break download links); sizes shown in kB; the
// name a download is served under, whose extension follows the sniffed type, never the uploaded one.

export const FILE_NAME_RULE = 'Please do not use any commas or apostrophes in the file name!'

/** True when the name is acceptable: no comma, straight apostrophe or typographic apostrophe. */
export function isAllowedFileName(name: string): boolean {
  return !/[,'\u2019\u2018]/.test(name)
}

/** Bytes as kilobytes with two decimals, e.g. 1536 → '1.50 kB'. */
export function formatKb(bytes: number): string {
  return `${(Math.max(0, bytes) / 1024).toFixed(2)} kB`
}

/** The extensions a sniffed type may be served under; the first is the one given when the uploaded name has none of them. */
const EXTENSIONS_OF_TYPE: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/msword': ['doc'],
  'application/x-cfb': ['doc'],
  'application/zip': ['zip'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'text/plain': ['txt'],
  'text/csv': ['csv'],
}

/** The sniffed type of a stored file from its key's extension (keys are named after the sniffed type, never the upload). */
export function typeOfExtension(extension: string): string | null {
  const ext = extension.toLowerCase()
  for (const [type, extensions] of Object.entries(EXTENSIONS_OF_TYPE)) if (extensions.includes(ext)) return type
  return null
}

/**
 * The name a download is served under: the uploaded name's stem with an extension of the sniffed type, so
 * `invoice.hta` holding text is saved as `invoice.txt` and never opened by the system as what its name
 * claimed. The uploaded extension stays when it already is one of the type's own; an unknown type gets `.bin`.
 */
export function downloadName(originalName: string, mimeType: string | null): string {
  const base = [...(originalName.split(/[\\/]/).pop() ?? '')]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
  const dot = base.lastIndexOf('.')
  const stem = (dot > 0 ? base.slice(0, dot) : base).replace(/[.\s]+$/, '') || 'file'
  const current = dot > 0 ? base.slice(dot + 1).toLowerCase() : ''
  const allowed = (mimeType && EXTENSIONS_OF_TYPE[mimeType.toLowerCase()]) || ['bin']
  return `${stem}.${allowed.includes(current) ? base.slice(dot + 1) : allowed[0]}`
}
