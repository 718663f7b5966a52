// What an organisation's stored file is for (files.purpose) and who may read or upload it: a file is
// guarded by the permission of the page that shows it, never by knowing its id.
import { can, type Guard, hasFullAccess, type Principal } from './permissions'

type PurposeRule = {
  /** Who may read the file; null: only its uploader (and full access). */
  read: Guard | null
  /** Who may store a file for this purpose through the generic upload. */
  write: Guard
}

export const FILE_PURPOSES = {
  // The generic POST /api/file/upload without a purpose: a file not (yet) attached to anything.
  upload: { read: null, write: {} },
  downloadable: { read: { all: ['READ_DOWNLOADABLES'] }, write: { any: ['WRITE_DOWNLOADABLES', 'UPDATE_DOWNLOADABLES'] } },
  contract: { read: { all: ['READ_CONTRACTS'] }, write: { any: ['WRITE_CONTRACTS', 'UPDATE_CONTRACTS'] } },
  // Answers to a questionnaire's file question are read on the order they belong to.
  form_upload: { read: { all: ['READ_ORDERS'] }, write: {} },
  // Files sent back with a rejected revision: read by whoever handles orders and by writers (ADR 0025).
  draft_rejection: { read: { any: ['READ_ORDERS', 'READ_AND_UPDATE_DRAFTS_APPROVAL', 'WRITER'] }, write: { all: ['READ_AND_UPDATE_DRAFTS_APPROVAL'] } },
  // Files attached to an order (e.g. sent to its contributor on assignment): read on the order and by writers.
  order_file: { read: { any: ['READ_ORDERS', 'WRITER'] }, write: {} },
  // Files sent in a chat: read by the people of the conversations (ADR 0041); attached through the generic upload.
  chat: { read: { any: ['READ_ORDERS', 'WRITER', 'REVIEWER', 'ASSIGN_WRITER_REVIEWER', 'READ_USERS'] }, write: {} },
  // The organisation's logo is part of its shell: every member sees it.
  logo: { read: {}, write: { all: ['UPDATE_UI_CUSTOMIZATION'] } },
} as const satisfies Record<string, PurposeRule>

export type FilePurpose = keyof typeof FILE_PURPOSES

export const DEFAULT_FILE_PURPOSE: FilePurpose = 'upload'

export const UNKNOWN_FILE_PURPOSE = 'Unknown file purpose'

export function isFilePurpose(value: unknown): value is FilePurpose {
  return typeof value === 'string' && Object.hasOwn(FILE_PURPOSES, value)
}

/**
 * May this member read this file of their own organisation? Full access always; the uploader
 * always (their own upload); everyone else needs the read permission of the file's purpose. A
 * purpose this code does not know is readable by full access and the uploader only.
 */
export function canReadFile(reader: Principal & { id: number }, file: { purpose: string; uploaded_by: number | null }): boolean {
  if (hasFullAccess(reader) || file.uploaded_by === reader.id) return true
  const rule: PurposeRule | undefined = isFilePurpose(file.purpose) ? FILE_PURPOSES[file.purpose] : undefined
  return !!rule?.read && can(reader, rule.read)
}

export function canUploadFile(uploader: Principal, purpose: FilePurpose): boolean {
  return can(uploader, FILE_PURPOSES[purpose].write)
}
