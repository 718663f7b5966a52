import { describe, expect, it } from 'vitest'
import { canReadFile, canUploadFile, isFilePurpose } from './file-purposes'
import type { Principal } from './permissions'

const member = (permissions: string[], id = 7): Principal & { id: number } => ({ id, role: 'user', permissions })
const owner = { id: 1, role: 'client' as const, permissions: [] }
const restrictedOwner = { id: 1, role: 'client' as const, permissions: ['READ_ORDERS'] }
const file = (purpose: string, uploaded_by: number | null = 99) => ({ purpose, uploaded_by })

describe('canReadFile', () => {
  it.each([
    ['full-access owner, any purpose', owner, file('contract'), true],
    ['full-access owner, unknown purpose', owner, file('mystery'), true],
    ['owner with a list is held to it', restrictedOwner, file('downloadable'), false],
    ['downloadable with READ_DOWNLOADABLES', member(['READ_DOWNLOADABLES']), file('downloadable'), true],
    ['downloadable without it', member(['READ_ORDERS', 'READ_CUSTOMERS']), file('downloadable'), false],
    ['contract with READ_CONTRACTS', member(['READ_CONTRACTS']), file('contract'), true],
    ['contract with only READ_DOWNLOADABLES', member(['READ_DOWNLOADABLES']), file('contract'), false],
    ['form upload with READ_ORDERS', member(['READ_ORDERS']), file('form_upload'), true],
    ['form upload without', member(['WRITER']), file('form_upload'), false],
    ['rejection file for the writer', member(['WRITER']), file('draft_rejection'), true],
    ['rejection file for the approver', member(['READ_AND_UPDATE_DRAFTS_APPROVAL']), file('draft_rejection'), true],
    ['rejection file without order access', member(['READ_CUSTOMERS']), file('draft_rejection'), false],
    ['order file for the writer', member(['WRITER']), file('order_file'), true],
    ['order file without order access', member(['READ_CUSTOMERS']), file('order_file'), false],
    ['logo: any member', member([]), file('logo'), true],
    ['generic upload by someone else', member(['READ_DOWNLOADABLES']), file('upload'), false],
    ['generic upload by the reader', member([], 7), file('upload', 7), true],
    ['any purpose uploaded by the reader', member([], 7), file('contract', 7), true],
    ['unknown purpose', member(['READ_DOWNLOADABLES']), file('mystery'), false],
    ['purpose that is an Object property name', member([]), file('constructor'), false],
  ])('%s', (_name, reader, f, expected) => {
    expect(canReadFile(reader, f)).toBe(expected)
  })
})

describe('canUploadFile', () => {
  it.each([
    ['generic upload: any member', member([]), 'upload' as const, true],
    ['downloadable needs write or update', member(['READ_DOWNLOADABLES']), 'downloadable' as const, false],
    ['downloadable with update', member(['READ_DOWNLOADABLES', 'UPDATE_DOWNLOADABLES']), 'downloadable' as const, true],
    ['logo needs UI customisation', member(['READ_WEBSITE_SETTINGS']), 'logo' as const, false],
    ['full access', owner, 'contract' as const, true],
  ])('%s', (_name, uploader, purpose, expected) => {
    expect(canUploadFile(uploader, purpose)).toBe(expected)
  })

  it('knows only catalogued purposes', () => {
    expect(isFilePurpose('downloadable')).toBe(true)
    expect(isFilePurpose('toString')).toBe(false)
    expect(isFilePurpose(undefined)).toBe(false)
  })
})
