import { describe, expect, it } from 'vitest'
import { customerFacingName, isCustomerWork, orderTimeline, waitingOn } from './order-timeline'

const services = [
  {
    _id: 's1',
    serviceModules: [
      { id: 'previous_document', title: 'Upload Documents' },
      { id: 'form_abc', title: 'Career questionnaire' },
      { id: 'revision_process', title: 'Revision Process' },
      { id: 'final_document', title: 'Final Document' },
    ],
  },
  {
    _id: 's2',
    serviceModules: [
      { id: 'previous_document', title: 'Upload' },
      { id: 'schedule_appointment', title: 'Call' },
    ],
  },
]
const task = (serviceId: string, taskId: string) => ({ serviceId, taskId })
const states = (completed: { serviceId: string; taskId: string }[], marked = false) => orderTimeline(services, completed, marked).map((m) => m.state)

describe('isCustomerWork', () => {
  it.each([
    ['previous_document', true],
    ['additional_questionnaire', true],
    ['schedule_appointment', true],
    ['form_abc', true],
    ['revision_process', false],
    ['final_document', false],
    ['final_linkedin', false],
  ])('%s → %s', (id, expected) => expect(isCustomerWork(id)).toBe(expected))
})

describe('orderTimeline', () => {
  it.each([
    { name: 'nothing done', completed: [], expected: ['next', 'later', 'later', 'later', 'later', 'later'], waiting: 'you' },
    { name: 'upload done', completed: [task('s1', 'previous_document')], expected: ['done', 'next', 'later', 'later', 'later', 'later'], waiting: 'you' },
    {
      name: 'brief done: the team writes',
      completed: [task('s1', 'previous_document'), task('s1', 'form_abc')],
      expected: ['done', 'done', 'next', 'later', 'later', 'later'],
      waiting: 'team',
    },
    {
      name: 'a task of another workflow does not count here',
      completed: [task('s2', 'previous_document')],
      expected: ['next', 'later', 'later', 'later', 'done', 'later'],
      waiting: 'you',
    },
    {
      name: 'out of order: the first not done is next',
      completed: [task('s1', 'form_abc'), task('s1', 'revision_process')],
      expected: ['next', 'done', 'done', 'later', 'later', 'later'],
      waiting: 'you',
    },
    {
      name: 'the first workflow done, the second waits on the customer',
      completed: ['previous_document', 'form_abc', 'revision_process', 'final_document'].map((id) => task('s1', id)),
      expected: ['done', 'done', 'done', 'done', 'next', 'later'],
      waiting: 'you',
    },
    {
      name: 'tasks that are not modules are ignored',
      completed: [task('s1', 'additional_questionnaire_submitted')],
      expected: ['next', 'later', 'later', 'later', 'later', 'later'],
      waiting: 'you',
    },
  ])('$name', ({ completed, expected, waiting }) => {
    expect(states(completed)).toEqual(expected)
    expect(waitingOn(orderTimeline(services, completed))).toBe(waiting)
  })

  it('marks every module done on an order marked complete, which waits on nobody', () => {
    expect(states([], true)).toEqual(Array(6).fill('done'))
    expect(waitingOn(orderTimeline(services, [], true))).toBe('nobody')
  })

  it('keeps workflow order, titles and parties', () => {
    expect(orderTimeline(services, [])[2]).toEqual({ id: 'revision_process', serviceId: 's1', title: 'Revision Process', state: 'later', waitsOn: 'team' })
  })

  it('follow-up questions wait on the team until it has sent them, then on the customer', () => {
    const withFollowUp = [{ _id: 's1', serviceModules: [{ id: 'additional_questionnaire', title: 'Follow Up Questions' }] }]
    expect(waitingOn(orderTimeline(withFollowUp, []))).toBe('team')
    expect(waitingOn(orderTimeline(withFollowUp, [task('s2', 'additional_questionnaire_submitted')]))).toBe('team')
    expect(waitingOn(orderTimeline(withFollowUp, [task('s1', 'additional_questionnaire_submitted')]))).toBe('you')
    expect(orderTimeline(withFollowUp, [task('s1', 'additional_questionnaire')])[0]).toMatchObject({ state: 'done', waitsOn: 'you' })
  })

  it('an order without modules waits on nobody', () => {
    expect(waitingOn(orderTimeline([], []))).toBe('nobody')
  })
})

describe('customerFacingName', () => {
  it.each([
    [{ customerFacingName: 'Alex W.', firstName: 'Wendy', lastName: 'Writer' }, 'Alex W.'],
    [{ customerFacingName: '  ', firstName: 'Wendy', lastName: 'Writer' }, 'Wendy Writer'],
    [{ customerFacingName: null, firstName: 'Wendy', lastName: '' }, 'Wendy'],
  ])('%o → %s', (person, expected) => expect(customerFacingName(person)).toBe(expected))
})
