// The customer's brief calls (issue 25, ADR 0061): bodies of the answers, documents and appointment calls.
import { z } from 'zod'

const moduleId = z
  .string({ required_error: 'moduleId is required', invalid_type_error: 'moduleId must be a string' })
  .min(1, 'moduleId is required')
  .max(64, 'moduleId is too long')
const serviceId = z.string({ invalid_type_error: 'serviceId must be a string' }).min(1).max(64).nullish()

export const answersBodySchema = z.object({
  moduleId,
  serviceId,
  answers: z.record(z.unknown(), { invalid_type_error: 'answers must be an object of item ids and answers' }).default({}),
  submit: z.boolean({ invalid_type_error: 'submit must be true or false' }).default(false),
  /** Files to take off file items (they are added through POST …/answers/files). */
  removeFiles: z
    .array(z.object({ itemId: z.string().min(1).max(64), fileId: z.string().min(1).max(64) }), { invalid_type_error: 'removeFiles must be a list of {itemId, fileId}' })
    .max(50)
    .optional(),
})

export const documentsSubmitSchema = z.object({ serviceId })

export const appointmentBodySchema = z.object({
  serviceId,
  time: z.string({ required_error: 'time is required', invalid_type_error: 'time must be an ISO date and time' }).min(1, 'time is required').max(40),
})

/** The task page's flash messages. */
export const BRIEF_MESSAGES = {
  saved: 'Your answers are saved. You can finish them later.',
  submitted: 'Thank you! Your answers were sent to your team.',
  documentsSubmitted: 'Thank you! Your documents were sent to your team.',
  uploaded: 'Document uploaded.',
  removed: 'Document removed.',
  picked: 'Your appointment is booked.',
} as const
