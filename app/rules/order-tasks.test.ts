import { describe, expect, it } from 'vitest'
import { lastTaskLabel, statusPercentage } from './order-tasks'

describe('lastTaskLabel', () => {
  it.each([
    ['previous_document', 'Documents Submitted'],
    ['final_document', 'Final Document Submitted'],
    ['revision_process', 'Revision Process Completed'],
    ['additional_questionnaire_submitted', 'Follow Up Questions Sent'],
    ['additional_questionnaire', 'Follow Up Questions Answered'],
    ['final_linkedin', 'Final Linkedin Document Submitted'],
    ['schedule_appointment', 'Appointment Scheduling Completed'],
    ['appointment_awaiting_writer', 'Appointment Scheduled'],
    ['a1b2c3formtemplateid', 'Form completed'],
  ])('%s reads %s', (taskId, label) => {
    expect(lastTaskLabel(taskId)).toBe(label)
  })

  it('has no label before the first task', () => {
    expect(lastTaskLabel(null)).toBeNull()
    expect(lastTaskLabel('')).toBeNull()
  })
})

describe('statusPercentage', () => {
  const services = [
    { _id: 's1', serviceModules: [{ id: 'previous_document' }, { id: 'revision_process' }, { id: 'final_document' }] },
    { _id: 's2', serviceModules: [{ id: 'previous_document' }] },
  ]
  it('is 0 with nothing done', () => expect(statusPercentage(services, [])).toBe(0))
  it('counts each module once', () =>
    expect(
      statusPercentage(services, [
        { serviceId: 's1', taskId: 'previous_document' },
        { serviceId: 's1', taskId: 'previous_document' },
      ]),
    ).toBe(25))
  it('ignores tasks of other services or unknown modules', () =>
    expect(
      statusPercentage(services, [
        { serviceId: 's3', taskId: 'previous_document' },
        { serviceId: 's2', taskId: 'final_document' },
      ]),
    ).toBe(0))
  it('rounds down until every module is done', () =>
    expect(
      statusPercentage(
        [services[0]!],
        [
          { serviceId: 's1', taskId: 'previous_document' },
          { serviceId: 's1', taskId: 'final_document' },
        ],
      ),
    ).toBe(66))
  it('is 100 when all are done', () =>
    expect(
      statusPercentage(services, [
        { serviceId: 's1', taskId: 'previous_document' },
        { serviceId: 's1', taskId: 'revision_process' },
        { serviceId: 's1', taskId: 'final_document' },
        { serviceId: 's2', taskId: 'previous_document' },
      ]),
    ).toBe(100))
  it('is 0 for an order without modules', () => expect(statusPercentage([], [{ serviceId: 's1', taskId: 'x' }])).toBe(0))
})
