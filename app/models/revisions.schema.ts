// Revisions approval payloads and messages: one schema for the reject dialog and the JSON API.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'
import { REVISIONS_PAGE_SIZES } from './revisions.names'

export { REVISIONS_PAGE_SIZES, REVISION_APPROVED } from './revisions.names'

/** Back-office section 9: invoices, revisions, CRM users and reviewer orders page 100, 150 or 200. */

export const REVISION_REJECTED = 'Revision Rejected Successfully!'
export const REJECTION_REASON_REQUIRED = 'Please enter the reason for rejection'
export const REVISION_NOT_FOUND = 'Revision not found'
export const REVISION_ALREADY_DECIDED = 'This revision has already been approved or rejected.'
export const REVISIONS_APPROVAL_OFF = 'Revisions approval is not enabled for your organisation.'
export const REJECTION_FILE_NOT_FOUND = 'File not found'
/** Back-office section 8: the message of a failed upload. */
export const UPLOAD_FAILED = 'Something went wrong!'

/** At most this many files go back to the writer with one rejection. */
export const REJECTION_MAX_FILES = 5
export const TOO_MANY_REJECTION_FILES = `Attach at most ${REJECTION_MAX_FILES} files.`

export const rejectionReason = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z.string({ invalid_type_error: REJECTION_REASON_REQUIRED }).trim().min(1, REJECTION_REASON_REQUIRED).max(2000, 'The reason can be at most 2000 characters.'),
)

/** What the reject dialog posts besides its files. */
export const rejectFormSchema = z.object({ rejectionReason })
export const rejectRevisionValidator = withZod(rejectFormSchema)

/**
 * uploadedFiles as clients send them: storage keys, the upload answer's file objects ({key}) or the
 * draft shape ({file: {key}}); one value or a list. Only the key is kept: names and sizes come from
 * the organisation's own files row, never from the body.
 */
const uploadedFiles = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return []
    const list = Array.isArray(v) ? v : [v]
    return list.map((item) => {
      if (typeof item === 'string') return item.trim()
      if (item && typeof item === 'object') {
        const o = item as { key?: unknown; file?: { key?: unknown } }
        const key = typeof o.key === 'string' ? o.key : typeof o.file?.key === 'string' ? o.file.key : null
        return key ?? ''
      }
      return ''
    })
  },
  z.array(z.string().min(1, REJECTION_FILE_NOT_FOUND).max(200, REJECTION_FILE_NOT_FOUND)).max(REJECTION_MAX_FILES, TOO_MANY_REJECTION_FILES),
)

const revisionId = z.preprocess((v) => (typeof v === 'string' ? v.trim() : ''), z.string().min(1, REVISION_NOT_FOUND).max(64, REVISION_NOT_FOUND))

/** POST /api/client/orders/revision/reject {revisionId, rejectionReason, uploadedFiles}. */
export const rejectRevisionSchema = z.object({ revisionId, rejectionReason, uploadedFiles })
export type RejectRevisionInput = z.infer<typeof rejectRevisionSchema>

const pageSize = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? REVISIONS_PAGE_SIZES[0] : Number(v)),
  z.number().refine((n) => (REVISIONS_PAGE_SIZES as readonly number[]).includes(n), 'size must be 100, 150 or 200'),
)

/** GET /api/client/orders/revisions?start=&size=: offset paging over the queue. */
export const revisionsQuerySchema = z.object({
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: pageSize,
})
