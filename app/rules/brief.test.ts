import { describe, expect, it } from 'vitest'
import {
  type FormItem,
  answerText,
  BAD_DATE,
  briefKind,
  isAcceptableDocument,
  mergeAnswers,
  missingRequired,
  parseTime,
  questionsFromText,
  REQUIRED_ANSWER,
  safeLink,
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
