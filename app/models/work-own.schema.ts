// The contributor's own (issue 26, ADR 0068): the profile fields a contributor edits themselves (a part of
// the staff form's writer profile schema) and the staff call that records a contributor as paid.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'
import { writerProfileSchema } from './staff.schema'

export const OWN_PROFILE_SAVED = 'Profile Updated Successfully'
export const PAID_INVALID = 'paid must be true or false'
export const NOTHING_TO_CHANGE = 'Send at least one of languages, certificates, expertise, availableDays, schedulingLink'

/**
 * What a contributor changes about themselves: availability, languages, expertise, certificates and the
 * scheduling link. Levels and services stay with staff (they decide who is offered which orders).
 */
export const ownWriterProfileSchema = writerProfileSchema.pick({ languages: true, certificates: true, expertise: true, availableDays: true, schedulingLink: true })
type Fields = z.infer<typeof ownWriterProfileSchema>
/** Absent fields keep their value; a null scheduling link clears it. */
export type OwnWriterProfileInput = Partial<Omit<Fields, 'schedulingLink'>> & { schedulingLink?: string | null }
/** The form posts all five (no day ticked is no day); unknown fields, such as the form's own, are dropped. */
export const ownWriterProfileValidator = withZod(ownWriterProfileSchema)
/** PATCH /api/writer/profile: only the fields sent change; a staff-only field (levels, services) or an id is a 400. */
export const ownWriterProfilePatchSchema = ownWriterProfileSchema
  .extend({ schedulingLink: z.union([z.literal('').transform(() => null), z.null(), writerProfileSchema.shape.schedulingLink]) })
  .partial()
  .strict()
  // An empty (or unreadable) body changes nothing: say so rather than answer success.
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: NOTHING_TO_CHANGE })

/** PATCH /api/client/orders/writerPaid/{id} {paid}: true records the payment, false takes the record back. */
export const writerPaidSchema = z.object({
  paid: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ required_error: PAID_INVALID, invalid_type_error: PAID_INVALID })),
})
