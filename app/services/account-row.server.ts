// The account row a signed-in request stands for: the person, their membership and their organisation, and
// whether they may use the portal. Defined here, below the models, because the session read (session.server.ts)
// fetches it in the same round trip as the session row (ADR 0114); models/account.server.ts turns it into the
// AuthUser and reads it on its own when no session read brought it.
import type { ExpressionBuilder, Selectable } from 'kysely'
import type { Database, MembershipRole } from '#db/types'

export const SIGN_IN_ROLES: MembershipRole[] = ['client', 'user']

export const USER_COLUMNS = ['u.id', 'u.public_id', 'u.email', 'u.first_name', 'u.last_name', 'u.profile_img', 'u.created_at', 'u.platform_role_id'] as const

export type UserColumns = Pick<Selectable<Database['users']>, 'id' | 'public_id' | 'email' | 'first_name' | 'last_name' | 'profile_img' | 'created_at' | 'platform_role_id'>

/** The membership's and organisation's columns of a member's account row. */
export const MEMBER_COLUMNS = [
  'm.role',
  'm.permissions',
  'm.leads_only',
  'o.public_id as organisation_public_id',
  'o.name',
  'o.logo',
  'o.currency_type',
  'o.package_status',
  'o.trial_ends_at',
  'o.payment_due_since',
] as const

export type MemberRow = UserColumns &
  Pick<Selectable<Database['memberships']>, 'role' | 'permissions' | 'leads_only'> &
  Pick<Selectable<Database['organisations']>, 'name' | 'logo' | 'currency_type' | 'package_status' | 'trial_ends_at' | 'payment_due_since'> & {
    organisation_public_id: string
  }

/** A membership that may sign in: a business role, active, not archived, in an active organisation. */
export function mayUseThePortal(eb: ExpressionBuilder<Database & { m: Database['memberships']; o: Database['organisations'] }, 'm' | 'o'>) {
  return eb.and([eb('m.role', 'in', SIGN_IN_ROLES), eb('m.active', '=', true), eb('m.archived', '=', false), eb('o.active', '=', true)])
}
