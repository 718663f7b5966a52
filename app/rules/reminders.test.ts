import { describe, expect, it } from 'vitest'
import {
  addReminder,
  canAddReminder,
  DAYS_OUT_OF_RANGE,
  DUPLICATE_REMINDERS,
  EMAIL_REQUIRED,
  hasReminderBell,
  isBlankHtml,
  newReminder,
  type Reminder,
  reminderError,
  reminderIssues,
  reminderType,
  removeReminder,
  TOO_MANY_REMINDERS,
} from './reminders'

const r = (id: string, numberOfDays: number, subject = 'Hi', body = '<p>Body</p>', num = 1): Reminder => ({ id, num, numberOfDays, email: { subject, body } })

describe('reminder types', () => {
  it.each([
    ['previous_document', 'dependOnCustomer'],
    ['schedule_appointment', 'dependOnCustomer'],
    ['form123', 'dependOnCustomer'],
    ['additional_questionnaire', 'dependOnWriter'],
    ['revision_process', 'dependOnWriter'],
    ['final_document', 'noReminderRequired'],
    ['final_linkedin', 'noReminderRequired'],
  ])('%s waits on %s', (id, type) => {
    expect(reminderType(id)).toBe(type)
    expect(hasReminderBell(id)).toBe(type !== 'noReminderRequired')
  })
})

describe('blank bodies', () => {
  it.each([
    ['', true],
    ['<p></p>', true],
    ['<p><br></p>', true],
    ['<p>&nbsp;</p>', true],
    ['  ', true],
    ['<p>Hello</p>', false],
    ['text', false],
  ])('%j blank: %s', (html, blank) => expect(isBlankHtml(html)).toBe(blank))
})

describe('adding and removing', () => {
  it('starts at 1 day, then last plus one, at most 3', () => {
    let list: Reminder[] = []
    list = addReminder(list, 'a')
    expect(list[0]).toMatchObject({ num: 1, numberOfDays: 1 })
    list = [{ ...list[0]!, numberOfDays: 5 }]
    list = addReminder(list, 'b')
    expect(list[1]).toMatchObject({ num: 2, numberOfDays: 6 })
    list = addReminder(list, 'c')
    expect(canAddReminder(list)).toBe(false)
    expect(addReminder(list, 'd')).toHaveLength(3)
  })
  it('caps the default at 21 days', () => {
    expect(newReminder([r('a', 21)], 'b').numberOfDays).toBe(21)
  })
  it('renumbers after a delete', () => {
    const list = [r('a', 1, 'x', 'y', 1), r('b', 2, 'x', 'y', 2), r('c', 3, 'x', 'y', 3)]
    expect(removeReminder(list, 'a').map((x) => [x.id, x.num])).toEqual([
      ['b', 1],
      ['c', 2],
    ])
  })
})

describe('validation', () => {
  it('accepts good reminders', () => expect(reminderError([r('a', 1), r('b', 2)])).toBeNull())
  it('flags duplicates on both reminders', () => {
    const issues = reminderIssues([r('a', 3), r('b', 3), r('c', 4)])
    expect([issues.a!.duplicate, issues.b!.duplicate, issues.c!.duplicate]).toEqual([true, true, false])
    expect(reminderError([r('a', 3), r('b', 3)])).toBe(DUPLICATE_REMINDERS)
  })
  it.each([0, 22, 1.5])('rejects %s days', (d) => expect(reminderError([r('a', d)])).toBe(DAYS_OUT_OF_RANGE))
  it('requires subject and a non-empty body', () => {
    expect(reminderError([r('a', 1, '', '<p>x</p>')])).toBe(EMAIL_REQUIRED)
    expect(reminderError([r('a', 1, 'Subject', '<p></p>')])).toBe(EMAIL_REQUIRED)
  })
  it('allows at most three', () => expect(reminderError([r('a', 1), r('b', 2), r('c', 3), r('d', 4)])).toBe(TOO_MANY_REMINDERS))
  // The limits themselves are accepted, not only what lies beyond them (mutation testing, issue 28).
  it('accepts three reminders at 1 and 21 days', () => expect(reminderError([r('a', 1), r('b', 20), r('c', 21)])).toBeNull())
  it('flags a duplicate pair among others, and a subject of spaces', () => {
    expect(reminderError([r('a', 1), r('b', 1), r('c', 2)])).toBe(DUPLICATE_REMINDERS)
    expect(reminderError([r('a', 1, '   ')])).toBe(EMAIL_REQUIRED)
    expect(isBlankHtml(null)).toBe(true)
    expect(isBlankHtml('')).toBe(true)
  })
  it('offers a fourth only below the maximum', () => {
    expect(canAddReminder([r('a', 1), r('b', 2)])).toBe(true)
    expect(canAddReminder([r('a', 1), r('b', 2), r('c', 3)])).toBe(false)
  })
})
