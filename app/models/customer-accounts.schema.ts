// Customer account forms and payloads of the portal (ADR 0059): sign-up at checkout and the portal's JSON sign-in calls.
import { z } from 'zod'
import { emailField, passwordField } from './login.schema'
import { email, firstName, lastName, password } from './people-fields.schema'

export const SIGN_IN_LINK_SENT = 'If an account exists for this e-mail, we have sent a sign-in link to it. It works once, within 15 minutes.'
export const NO_PORTAL_HOST = 'This business has no portal address yet: set its subdomain first.'
export const ACCOUNT_EXISTS = 'This e-mail address already has an account here: sign in to continue.'

export const portalSignUpSchema = z.object({ firstName, lastName, email, password })
export type PortalSignUpInput = z.input<typeof portalSignUpSchema>

export const portalLoginSchema = z.object({ email: emailField.pipe(z.string().max(191)), password: passwordField.pipe(z.string().max(200)), remember: z.boolean().optional() })
export const portalLinkSchema = z.object({ email: emailField.pipe(z.string().max(191)) })
