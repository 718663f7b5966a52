import { describe, expect, it } from 'vitest'
import {
  type FormItem,
  answerable,
  answerText,
  ALREADY_SUBMITTED,
  BAD_DATE,
  briefKind,
  CUSTOMER_DOCUMENT_TYPES,
  DOCUMENT_ACCEPT,
  DOCUMENT_TYPE_REFUSED,
  NO_QUESTIONS_YET,
  SUBMIT_ERRORS,
  followUpItems,
  formatAppointment,
  isAcceptableDocument,
  isAnswered,
  isFileList,
  MAX_LONG_TEXT,
  MAX_SHORT_TEXT,
  mergeAnswers,
  missingRequired,
  parseTime,
  questionsFromText,
  REQUIRED_ANSWER,
  safeLink,
  TOO_LONG,
  UNKNOWN_CHOICE,
} from './brief'

const items: FormItem[] = [
  { id: 'h', type: 'section_heading', text: 'About you', required: false },
  { id: 'name', type: 'short_text', text: 'Name', required: true },
  { id: 'story', type: 'long_text', text: 'Story', required: false },
  { id: 'level', type: 'single_choice', text: 'Level', required: true, options: ['Junior', 'Senior'] },
  { id: 'skills', type: 'multiple_choice', text: 'Skills', required: true, options: ['SQL', 'Go', 'Rust'] },
  { id: 'start', type: 'date', text: 'Start', required: false },
  { id: 'cv', type: 'file_upload', text: 'CV', required: false },
]

describe('briefKind', () => {
  it.each([
    ['previous_document', 'documents'],
    ['additional_questionnaire', 'follow_up'],
    ['schedule_appointment', 'appointment'],
    ['abc123formid', 'questions'],
    ['revision_process', null],
    ['final_document', null],
    ['final_linkedin', null],
  ])('%s is %s', (id, kind) => expect(briefKind(id)).toBe(kind))
})

describe('mergeAnswers', () => {
  it('keeps saved answers, takes the given ones and drops unknown ids and file items', () => {
    const r = mergeAnswers(items, { name: 'Olive', cv: [{ _id: 'f', name: 'cv.pdf' }] }, { story: 'Once', skills: ['SQL', 'Go'], nope: 'x', cv: [{ _id: 'evil', name: 'x' }] })
    expect(r.errors).toEqual({})
    expect(r.answers).toEqual({ name: 'Olive', story: 'Once', skills: ['SQL', 'Go'], cv: [{ _id: 'f', name: 'cv.pdf' }] })
  })
  it('refuses choices that are not options and dates that are not dates', () => {
    const r = mergeAnswers(items, {}, { level: 'Boss', skills: ['SQL', 'COBOL'], start: '2026-02-30', name: { x: 1 } })
    expect(r.errors).toEqual({ level: UNKNOWN_CHOICE, skills: UNKNOWN_CHOICE, start: BAD_DATE, name: 'Please enter text' })
  })
  it('takes a single checkbox value as a one-item list and empties a choice', () => {
    expect(mergeAnswers(items, { level: 'Junior' }, { skills: 'Go', level: '' }).answers).toEqual({ skills: ['Go'], level: '' })
  })
})

describe('missingRequired', () => {
  it('names each required item left empty', () => {
    expect(missingRequired(items, { name: '  ', level: 'Junior', skills: [] })).toEqual({ name: REQUIRED_ANSWER, skills: REQUIRED_ANSWER })
  })
})

it('answerText joins choices and names files', () => {
  expect(answerText(['SQL', 'Go'])).toBe('SQL; Go')
  expect(answerText([{ _id: '1', name: 'a.pdf' }])).toBe('a.pdf')
  expect(answerText(undefined)).toBe('')
})

it('questionsFromText keeps one question per non-blank line', () => {
  expect(questionsFromText(' Why?\r\n\n  How? ')).toEqual(['Why?', 'How?'])
})

describe('isAcceptableDocument', () => {
  it.each([
    ['cv.pdf', 'application/pdf', '%PDF', true],
    ['cv.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', '', true],
    ['notes.txt', 'text/plain', 'hello', true],
    ['cv.docx', 'text/plain', '<html><script>alert(1)</script>', false],
    ['cv.pdf', 'text/plain', 'alert(1)', false],
    ['notes.txt', 'text/plain', '<!DOCTYPE html><p>', false],
    ['noext', 'application/pdf', '', false],
  ])('%s as %s', (name, mime, head, ok) => expect(isAcceptableDocument(name, mime, head)).toBe(ok))
})

it('parseTime reads ISO instants and datetime-local values as UTC', () => {
  expect(parseTime('2026-12-01T14:00')?.toISOString()).toBe('2026-12-01T14:00:00.000Z')
  expect(parseTime('2026-12-01T14:00:00+01:00')?.toISOString()).toBe('2026-12-01T13:00:00.000Z')
  expect(parseTime('tomorrow')).toBeNull()
  expect(parseTime(5)).toBeNull()
})

it('safeLink allows http(s) only', () => {
  expect(safeLink('https://cal.example/alex')).toBe('https://cal.example/alex')
  expect(safeLink('javascript:alert(1)')).toBeNull()
})

// The edges mutation testing found untested (ADR 0103): each case below fails when one operator of the rule changes.
describe('the brief at its edges', () => {
  it('makes follow-up questions required long answers, and a heading takes no answer', () => {
    expect(followUpItems([{ id: 'q1', text: 'Why?' }])).toEqual([{ id: 'q1', type: 'long_text', text: 'Why?', required: true }])
    expect(answerable(items).map((i) => i.id)).toEqual(['name', 'story', 'level', 'skills', 'start', 'cv'])
    expect(mergeAnswers(items, {}, { h: 'x' }).answers).toEqual({})
    expect(missingRequired([{ id: 'h', type: 'section_heading', text: 'T', required: true }], {})).toEqual({})
  })

  it.each([
    ['2026-02-28', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['x2026-01-01', false],
    ['2026-01-01x', false],
    ['', true],
  ])('a date answer %j is taken: %s', (value, ok) => {
    const r = mergeAnswers(items, {}, { start: value })
    expect(r.errors).toEqual(ok ? {} : { start: BAD_DATE })
    expect(r.answers).toEqual(ok ? { start: value } : {})
  })

  it('reads empty, null, numbers and other values per type', () => {
    expect(mergeAnswers(items, { skills: ['SQL'] }, { skills: '' }).answers.skills).toEqual([])
    expect(mergeAnswers(items, { skills: ['SQL'] }, { skills: null }).answers.skills).toEqual([])
    expect(mergeAnswers(items, { skills: ['SQL'] }, { skills: undefined }).answers.skills).toEqual([])
    expect(mergeAnswers(items, {}, { skills: ['SQL', 'SQL', 'Go'] }).answers.skills).toEqual(['SQL', 'Go'])
    expect(mergeAnswers(items, {}, { skills: [{}] }).errors).toEqual({ skills: UNKNOWN_CHOICE })
    expect(mergeAnswers([{ id: 'm', type: 'multiple_choice', text: 'M', required: false }], {}, { m: ['a'] }).errors).toEqual({ m: UNKNOWN_CHOICE })
    expect(mergeAnswers(items, { name: 'Olive' }, { name: null }).answers.name).toBe('')
    expect(mergeAnswers(items, { name: 'Olive' }, { name: undefined }).answers.name).toBe('')
    expect(mergeAnswers(items, {}, { name: 42 }).answers.name).toBe('42')
    expect(mergeAnswers(items, {}, { name: true }).errors).toEqual({ name: 'Please enter text' })
    expect(mergeAnswers(items, {}, { level: ['Junior'] }).errors).toEqual({ level: UNKNOWN_CHOICE })
    expect(mergeAnswers([{ id: 's', type: 'single_choice', text: 'S', required: false }], {}, { s: 'a' }).errors).toEqual({ s: UNKNOWN_CHOICE })
  })

  it('holds short answers to MAX_SHORT_TEXT and long ones to MAX_LONG_TEXT, at the edge', () => {
    const short = (n: number) => mergeAnswers(items, {}, { name: 'x'.repeat(n) }).errors
    const long = (n: number) => mergeAnswers(items, {}, { story: 'x'.repeat(n) }).errors
    expect(short(MAX_SHORT_TEXT)).toEqual({})
    expect(short(MAX_SHORT_TEXT + 1)).toEqual({ name: TOO_LONG })
    expect(long(MAX_LONG_TEXT)).toEqual({})
    expect(long(MAX_LONG_TEXT + 1)).toEqual({ story: TOO_LONG })
    expect(mergeAnswers(items, {}, { start: `2026-01-01${' '.repeat(MAX_SHORT_TEXT)}` }).errors).toEqual({ start: BAD_DATE })
  })

  it('counts an answer as given only when it says something', () => {
    expect(isAnswered(undefined)).toBe(false)
    expect(isAnswered('')).toBe(false)
    expect(isAnswered(' x ')).toBe(true)
    expect(isAnswered([])).toBe(false)
    expect(isAnswered(['a'])).toBe(true)
  })

  it('tells stored file lists from choices', () => {
    expect(isFileList([{ _id: 'f', name: 'a.pdf' }])).toBe(true)
    expect(isFileList([])).toBe(true)
    expect(isFileList(['SQL'])).toBe(false)
    expect(isFileList([{ _id: 'f', name: 'a.pdf' }, 'SQL'] as never)).toBe(false)
    expect(isFileList([null] as never)).toBe(false)
    expect(isFileList('a.pdf')).toBe(false)
    expect(isFileList(undefined)).toBe(false)
    expect(answerText('one line')).toBe('one line')
  })

  it('splits questions on \n and \r\n alike', () => {
    expect(questionsFromText('a\nb\r\nc')).toEqual(['a', 'b', 'c'])
  })

  it.each([
    ['CV.PDF', 'application/pdf', '%PDF', true],
    ['old.doc', 'application/x-cfb', '', true],
    ['photo.jpeg', 'image/jpeg', '', true],
    ['a.pdf.exe', 'application/pdf', '', false],
    ['cv.verylongext', 'application/pdf', '', false],
    ['cv.pdfx', 'application/pdf', '', false],
    ['cv.', 'application/pdf', '', false],
    ['cv.html', 'text/html', '', false],
    ['notes.txt', 'text/plain', 'a < b and <scripting is not a tag', true],
    ['scan.png', 'image/png', '<script>', true],
  ])('document %s as %s', (name, mime, head, ok) => expect(isAcceptableDocument(name, mime, head)).toBe(ok))

  it('reads times only in the ISO shapes, at most 40 characters', () => {
    expect(parseTime('2026-12-01T14:00:30')?.toISOString()).toBe('2026-12-01T14:00:30.000Z')
    expect(parseTime('2026-12-01T14:00:30.5')?.toISOString()).toBe('2026-12-01T14:00:30.500Z')
    expect(parseTime('2026-12-01T14:00:30.123')?.toISOString()).toBe('2026-12-01T14:00:30.123Z')
    expect(parseTime('2026-12-01T14:00Z')?.toISOString()).toBe('2026-12-01T14:00:00.000Z')
    expect(parseTime('2026-12-01T14:00:00.000+00:00')?.toISOString()).toBe('2026-12-01T14:00:00.000Z')
    // Long fractions parse, so the length cap is what refuses 41 characters.
    expect(parseTime('2026-12-01T14:00:00.0000000000000000001Z')?.toISOString()).toBe('2026-12-01T14:00:00.000Z')
    expect(parseTime('2026-12-01T14:00:00.00000000000000000001Z')).toBeNull()
    expect(parseTime('2026-12-01')).toBeNull()
    expect(parseTime('2026-12-01T1:00')).toBeNull()
    expect(parseTime('x2026-12-01T14:00')).toBeNull()
    expect(parseTime('2026-12-01T25:00')).toBeNull()
    expect(parseTime('12/01/2026 14:00')).toBeNull()
    expect(parseTime(null)).toBeNull()
  })

  it('keeps http and https links (trimmed), up to 500 characters', () => {
    expect(safeLink('  http://cal.example/a  ')).toBe('http://cal.example/a')
    expect(safeLink('ftp://cal.example/a')).toBeNull()
    expect(safeLink('not a url')).toBeNull()
    expect(safeLink(7)).toBeNull()
    const at = (n: number) => `https://cal.example/${'a'.repeat(n - 'https://cal.example/'.length)}`
    expect(safeLink(at(500))).toBe(at(500))
    expect(safeLink(at(501))).toBeNull()
  })

  it('shows an appointment as a full UTC date and time', () => {
    expect(formatAppointment('2026-11-30T14:00:00.000Z')).toBe('Monday, 30 November 2026 at 14:00 UTC')
  })
})

it('reads a datetime-local value as UTC whatever the server time zone', () => {
  const zone = process.env.TZ
  process.env.TZ = 'America/New_York'
  try {
    for (const local of ['2026-12-01T14:00', '2026-12-01T14:00:30', '2026-12-01T14:00:30.5', '2026-12-01T14:00:30.123'])
      expect(parseTime(local)?.toISOString().slice(0, 16)).toBe('2026-12-01T14:00')
  } finally {
    if (zone === undefined) delete process.env.TZ
    else process.env.TZ = zone
  }
})

describe("the brief's documents and messages", () => {
  it.each([
    ['cv.doc', 'application/msword'],
    ['cv.DOC', 'application/x-cfb'],
    ['cv.odt', 'application/vnd.oasis.opendocument.text'],
    ['cv.rtf', 'application/rtf'],
    ['photo.jpg', 'image/jpeg'],
    ['photo.jpeg', 'image/jpeg'],
    ['photo.png', 'image/png'],
  ])('takes %s as %s, and not as another type', (name, mime) => {
    expect(isAcceptableDocument(name, mime, '')).toBe(true)
    expect(isAcceptableDocument(name, 'application/pdf', '')).toBe(false)
  })

  it('refuses markup in a text file however it is spaced', () => {
    expect(isAcceptableDocument('notes.txt', 'text/plain', 'a < script>alert(1)')).toBe(false)
  })

  it('offers the same types to the file picker and the upload check', () => {
    expect(DOCUMENT_ACCEPT).toBe('.pdf,.docx,.doc,.odt,.rtf,.txt,.jpg,.jpeg,.png')
    expect(CUSTOMER_DOCUMENT_TYPES).toEqual([
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/msword',
      'application/x-cfb',
      'application/vnd.oasis.opendocument.text',
      'application/rtf',
      'text/plain',
      'image/jpeg',
      'image/png',
    ])
  })

  it('says each refusal in its own words', () => {
    expect([REQUIRED_ANSWER, UNKNOWN_CHOICE, BAD_DATE, TOO_LONG, ALREADY_SUBMITTED, NO_QUESTIONS_YET, SUBMIT_ERRORS, DOCUMENT_TYPE_REFUSED]).toEqual([
      'Please answer this question',
      'Please choose one of the options',
      'Please enter a date as YYYY-MM-DD',
      'This answer is too long',
      'This step is already done: its answers can no longer be changed.',
      'Your team has not sent any questions yet.',
      'Some answers are missing or need a change: see the questions marked below.',
      'Please upload a PDF, Word, text or image file whose name matches its type.',
    ])
  })
})
