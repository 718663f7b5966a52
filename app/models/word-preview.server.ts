// A Word draft shown in the browser (issue 25, ADR 0062): mammoth turns the .docx into plain semantic HTML
// (headings, paragraphs, lists, tables, emphasis), which then goes through the contract sanitizer, so
// nothing in a document can run on the portal. Images are left out (the download has them); a legacy
// .doc has no preview.
import mammoth from 'mammoth'
import { sanitizeContractHtml } from '#app/services/sanitize.server'
import { storage } from '#app/services/storage.server'

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

export type WordPreview = { html: string } | { html: null; reason: string }

export async function wordPreview(file: { key: string; mimetype: string }): Promise<WordPreview> {
  if (file.mimetype !== DOCX) return { html: null, reason: 'This Word format has no preview. Download the file to read it.' }
  const data = await storage().get(file.key)
  if (!data) return { html: null, reason: 'The file is not available right now.' }
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(data) },
      {
        // Keep the reading order and structure; drop images (they would need data: URLs).
        convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
      },
    )
    return { html: sanitizeContractHtml(result.value) }
  } catch {
    return { html: null, reason: 'This document could not be shown. Download the file to read it.' }
  }
}
