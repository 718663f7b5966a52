// The /profile/security forms (ADR 0012): one schema per form, shared by the page and its action.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'
import { CODE_REQUIRED, PASSWORD_REQUIRED } from './login.schema'

const code = z.string({ required_error: CODE_REQUIRED }).trim().min(1, CODE_REQUIRED).max(40)
const password = z.string({ required_error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(200)

/** Turning TOTP on or off takes the current password (ADR 13). */
export const startTotpSchema = z.object({ password })
export const totpCodeSchema = z.object({ code })
export const disableTotpSchema = z.object({ password, code })

export const startTotpValidator = withZod(startTotpSchema)
export const totpCodeValidator = withZod(totpCodeSchema)
export const disableTotpValidator = withZod(disableTotpSchema)

/** Form ids: each form on the page gets its own errors back. */
export const TWO_FACTOR_FORMS = { start: 'totp-start', confirm: 'totp-confirm', disable: 'totp-disable', regenerate: 'totp-regenerate' } as const

export const TOTP_ENABLED = 'Two-factor authentication is on.'
export const TOTP_DISABLED = 'Two-factor authentication is off.'
export const RECOVERY_CODES_RENEWED = 'New recovery codes are ready; the old ones no longer work.'
export const TOTP_SETUP_CANCELLED = 'Set-up cancelled.'
