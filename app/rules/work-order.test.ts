import { describe, expect, it } from 'vitest'
import { contributorWait, draftSeen, isWriterTask, mayWithdrawDraft, needsWriter, redactCustomerText } from './work-order'

describe('isWriterTask', () => {
  it.each([
    ['revision_process', true],
    ['final_document', true],
    ['final_linkedin', true],
    ['previous_document', false],
    ['additional_questionnaire', false],
    ['schedule_appointment', false],
    ['form_abc', false],
  ])('%s → %s', (id, expected) => expect(isWriterTask(id)).toBe(expected))
})

describe('draftSeen / mayWithdrawDraft', () => {
  const at = new Date()
  it.each([
    [{ approval_status: 'pending', delivered_at: null, deleted_at: null }, false, true],
    [{ approval_status: 'approved', delivered_at: at, deleted_at: null }, true, false],
    [{ approval_status: 'rejected', delivered_at: null, deleted_at: null }, true, false],
    [{ approval_status: null, delivered_at: at, deleted_at: null }, true, false],
    [{ approval_status: 'pending', delivered_at: null, deleted_at: at }, false, false],
  ] as const)('%o seen %s, withdrawable %s', (d, seen, withdrawable) => {
    expect(draftSeen(d)).toBe(seen)
    expect(mayWithdrawDraft(d)).toBe(withdrawable)
  })
})

describe('contributorWait', () => {
  const m = (id: string, state: 'done' | 'next' | 'later', waitsOn: 'you' | 'team') => ({ id, serviceId: 's', title: id, state, waitsOn })
  it.each([
    [m('previous_document', 'next', 'you'), 'none', 'customer'],
    [m('revision_process', 'next', 'team'), 'none', 'writer'],
    [m('revision_process', 'next', 'team'), 'pending', 'reviewer'],
    [m('revision_process', 'later', 'team'), 'delivered', 'customer'],
    [m('final_document', 'done', 'team'), 'none', 'nobody'],
  ] as const)('%o with %s → %s', (mod, rev, expected) => expect(contributorWait(mod, rev)).toBe(expected))
})

describe('needsWriter', () => {
  it('is true after a revision request or a rejection of the latest draft', () => {
    expect(needsWriter([{ approval_status: null, answer: 'revision' }])).toBe(true)
    expect(needsWriter([{ approval_status: 'rejected', answer: null }])).toBe(true)
    expect(
      needsWriter([
        { approval_status: 'pending', answer: null },
        { approval_status: null, answer: 'accepted' },
      ]),
    ).toBe(false)
    expect(needsWriter([])).toBe(false)
  })
})

describe('redactCustomerText', () => {
  const c = { firstName: 'Casey', lastName: 'Customer', email: 'casey@example.test' }
  it('keeps the first name and drops the last name and e-mail unless contact is shown', () => {
    expect(redactCustomerText('Casey Customer (casey@example.test) uploaded documents', c, false)).toBe('Casey ([e-mail hidden]) uploaded documents')
    expect(redactCustomerText('Casey Customer uploaded', c, true)).toBe('Casey Customer uploaded')
    expect(redactCustomerText('Nothing here', { ...c, lastName: '' }, false)).toBe('Nothing here')
  })
  it('redacts at the edges (ADR 0103): a last name with spaces around it, no e-mail, no name at all', () => {
    expect(redactCustomerText('Casey Customer.', { ...c, lastName: ' Customer ' }, false)).toBe('Casey.')
    expect(redactCustomerText('null and void', { ...c, email: null }, false)).toBe('null and void')
    expect(redactCustomerText('as is', { ...c, email: '' }, false)).toBe('as is')
    expect(redactCustomerText('as is', { firstName: '', lastName: '', email: null }, false)).toBe('as is')
    expect(redactCustomerText('Casey Customer, Casey Customer', c, false)).toBe('Casey, Casey')
  })
})
