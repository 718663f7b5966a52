// Notification requests: the page number, the unread switch and the one id to clear, for the page and the JSON calls.
import { z } from 'zod'
import { NOTIFICATIONS_MAX_PAGE } from '#app/rules/notifications'

export const INVALID_PAGE = 'page must be a whole number from 1'
export const INVALID_UNREAD = 'unread must be true or false'
export const NOTIFICATION_ID_REQUIRED = 'notificationsId is required'

const page = z
  .string()
  .regex(/^\d{1,7}$/, INVALID_PAGE)
  .transform(Number)
  .pipe(z.number().int().min(1, INVALID_PAGE).max(NOTIFICATIONS_MAX_PAGE, `page can be at most ${NOTIFICATIONS_MAX_PAGE}`))
  .optional()
  .transform((v) => v ?? 1)

const unread = z
  .enum(['true', 'false'], { errorMap: () => ({ message: INVALID_UNREAD }) })
  .optional()
  .transform((v) => v === 'true')

/** GET /api/notifications?page={n}&unread=true and /notifications?page={n}. */
export const notificationsQuerySchema = z.object({ page, unread })

/** PATCH /api/clear-notifications?unread=true. */
export const clearNotificationsQuerySchema = z.object({ unread })

/** PATCH /api/clear-single-notifications {notificationsId}: a public id (24 characters of base36). */
export const clearSingleSchema = z.object({
  notificationsId: z
    .string({ required_error: NOTIFICATION_ID_REQUIRED, invalid_type_error: NOTIFICATION_ID_REQUIRED })
    .trim()
    .min(1, NOTIFICATION_ID_REQUIRED)
    .max(64, NOTIFICATION_ID_REQUIRED),
})
