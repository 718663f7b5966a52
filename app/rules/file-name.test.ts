import { describe, expect, it } from 'vitest'
import { downloadName, FILE_NAME_RULE, formatKb, isAllowedFileName, typeOfExtension } from './file-name'

describe('isAllowedFileName', () => {
  it.each([
    ['resume.pdf', true],
    ['my resume (final).docx', true],
    ["o'brien.pdf", false],
    ['a,b.pdf', false],
    ['o\u2019brien.pdf', false],
    ['', true],
  ])('%s → %s', (name, ok) => {
    expect(isAllowedFileName(name)).toBe(ok)
  })
})

describe('formatKb', () => {
  it.each([
    [0, '0.00 kB'],
    [1024, '1.00 kB'],
    [1536, '1.50 kB'],
    [123456, '120.56 kB'],
    [-5, '0.00 kB'],
  ])('%i → %s', (bytes, text) => {
    expect(formatKb(bytes)).toBe(text)
  })
})

describe('downloadName', () => {
  it.each([
    ['resume.pdf', 'application/pdf', 'resume.pdf'],
    ['Resume.PDF', 'application/pdf', 'Resume.PDF'],
    ['photo.jpeg', 'image/jpeg', 'photo.jpeg'],
    ['photo.png', 'image/jpeg', 'photo.jpg'],
    ['invoice.hta', 'text/plain', 'invoice.txt'],
    ['run.bat', 'text/plain', 'run.txt'],
    ['page.html', 'text/plain', 'page.txt'],
    ['logo.svg', 'text/plain', 'logo.txt'],
    ['app.js', 'text/plain', 'app.txt'],
    ['tool.exe', 'application/zip', 'tool.zip'],
    ['report.pdf.exe', 'application/pdf', 'report.pdf.pdf'],
    ['notes', 'text/plain', 'notes.txt'],
    ['.htaccess', 'text/plain', '.htaccess.txt'],
    ['trailing. ', 'text/plain', 'trailing.txt'],
    ['../../etc/passwd', 'text/plain', 'passwd.txt'],
    ['', 'application/pdf', 'file.pdf'],
    ['weird.xyz', 'application/x-unknown', 'weird.bin'],
    ['cv.docx', null, 'cv.bin'],
    // Mutation testing's edges (ADR 0103): control characters never reach the header, Windows paths, trailing dots and spaces.
    ['a\r\nSet-Cookie: x.pdf', 'application/pdf', 'aSet-Cookie: x.pdf'],
    ['tab\there\u001f.pdf', 'application/pdf', 'tabhere.pdf'],
    ['del\u007f.pdf', 'application/pdf', 'del.pdf'],
    ['keep space.pdf', 'application/pdf', 'keep space.pdf'],
    ['C:\\Users\\me\\cv.pdf', 'application/pdf', 'cv.pdf'],
    ['a. .txt', 'text/plain', 'a.txt'],
    ['. .pdf', 'application/pdf', 'file.pdf'],
  ])('%s as %s → %s', (name, type, served) => {
    expect(downloadName(name, type)).toBe(served)
  })

  it('finds the type of a stored key from its extension', () => {
    expect(typeOfExtension('PDF')).toBe('application/pdf')
    expect(typeOfExtension('jpeg')).toBe('image/jpeg')
    expect(typeOfExtension('hta')).toBeNull()
  })
})

// Each sniffed type with the extension a download gets, and back from a stored key's extension.
it.each([
  ['application/pdf', 'pdf'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
  ['application/msword', 'doc'],
  ['application/x-cfb', 'doc'],
  ['application/zip', 'zip'],
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
  ['text/plain', 'txt'],
  ['text/csv', 'csv'],
])('%s is served as .%s', (type, ext) => {
  expect(downloadName('upload.bin', type)).toBe(`upload.${ext}`)
  expect(typeOfExtension(ext)).toBe(type === 'application/x-cfb' ? 'application/msword' : type)
})

it("keeps a JPEG's own .jpeg, and says the spec's rule for names", () => {
  expect(downloadName('photo.JPEG', 'image/jpeg')).toBe('photo.JPEG')
  expect(typeOfExtension('jpeg')).toBe('image/jpeg')
  expect(FILE_NAME_RULE).toBe('Please do not use any commas or apostrophes in the file name!')
})
