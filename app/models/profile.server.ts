// The signed-in person's own account: name, e-mail (confirmed by a link sent to the new address), password
// (ending their other sessions) and avatar. Password and e-mail changes need the current password (ADR 13);
// `profileActions` is the one write path of the profile page and the profile JSON routes.
import { emailPayload, queueEmail } from './system-mail.server'
import { emailInUse, type AuthUser } from './account.server'
import { audited, recordAudit } from './audit.server'
import { checkCurrentPassword } from './current-password.server'
import { type PasswordChangeInput, type ProfileInput } from './profile.schema'
import { EMAIL_TAKEN } from './platform-users.schema'
import { INVALID_LINK } from './sign-in.server'
import { realmDisplayName } from '#app/rules/realm'
import { newToken, sha256 } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { addToOutbox, kickOutbox } from '#app/services/outbox.server'
import { hashPassword } from '#app/services/password.server'
import { resetLimit } from '#app/services/rate-limit.server'
import { revokeUserSessions } from '#app/services/session.server'
import { newStorageKey, type SniffedUpload, storage } from '#app/services/storage.server'
import { inTransaction } from '#db/transaction'
import { AVATAR_PREFIX } from './files.server'
import { isDuplicateKey } from './people.server'

/** An e-mail change waits this long for its confirmation link. */
export const EMAIL_CHANGE_TTL = 24 * 60 * 60 * 1000

export type ProfileFailure = { ok: false; status: 400 | 429; field: 'email' | 'currentPassword'; error: string }
export type ProfileOutcome = { ok: true; pendingEmail: string | null } | ProfileFailure

/** Whose profile: a signed-in account of any realm (a portal customer's role is 'customer'). */
export type Person = Pick<AuthUser, 'id' | 'clientId' | 'email' | 'firstName' | 'lastName' | 'organisationName'> & { role: string }

/** The profile's refusal of a missing or wrong current password (or too many wrong ones), on its field. */
async function refuseCurrentPassword(user: Pick<AuthUser, 'id'>, given: string | undefined): Promise<ProfileFailure | null> {
  const checked = await checkCurrentPassword(user.id, given)
  return checked.ok ? null : { ok: false, status: checked.status, field: 'currentPassword', error: checked.message }
}

/** The address an e-mail change waits to be confirmed for, if any. */
export async function pendingEmailChange(user: Pick<AuthUser, 'id'>): Promise<string | null> {
  const row = await platformDb
    .selectFrom('auth_tokens')
    .select('data')
    .where('user_id', '=', user.id)
    .where('purpose', '=', 'email_change')
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('id', 'desc')
    .executeTakeFirst()
  return row ? String((row.data as { email?: string }).email ?? '') || null : null
}

/** One pending change per account: a link to the new address, and word to the old one. */
async function requestEmailChange(user: Person, email: string): Promise<void> {
  const token = newToken()
  const realm = realmDisplayName(user.clientId, user.organisationName)
  const mails = [
    await emailPayload({
      clientId: user.clientId,
      to: email,
      template: 'email_change_confirm',
      fields: { realmName: realm, newEmail: email },
      buttonPath: `/confirm-email/${token}`,
      credential: true,
    }),
    await emailPayload({ clientId: user.clientId, to: user.email, template: 'email_change_requested', fields: { realmName: realm, newEmail: email } }),
  ]
  // The token and both e-mails commit together (ADR 0092).
  const outboxIds = await inTransaction(platformDb, async (tx) => {
    await tx.updateTable('auth_tokens').set({ used_at: new Date() }).where('user_id', '=', user.id).where('purpose', '=', 'email_change').where('used_at', 'is', null).execute()
    await tx
      .insertInto('auth_tokens')
      .values({
        purpose: 'email_change',
        token_hash: sha256(token),
        user_id: user.id,
        client_id: user.clientId,
        data: JSON.stringify({ email, from: user.email }),
        expires_at: new Date(Date.now() + EMAIL_CHANGE_TTL),
      })
      .execute()
    return [await addToOutbox(tx, 'email', mails[0]!), await addToOutbox(tx, 'email', mails[1]!)]
  })
  await kickOutbox(outboxIds)
}

/** For the confirmation page: the address a live link would set, without spending it. */
export async function emailChangeOf(code: string): Promise<string | null> {
  if (!code) return null
  const row = await platformDb
    .selectFrom('auth_tokens')
    .select(['data', 'used_at', 'expires_at'])
    .where('token_hash', '=', sha256(code))
    .where('purpose', '=', 'email_change')
    .executeTakeFirst()
  if (!row || row.used_at || row.expires_at.getTime() < Date.now()) return null
  return String((row.data as { email?: string }).email ?? '') || null
}

export type EmailChangeOutcome = { ok: true; email: string } | { ok: false; status: 400 | 401; message: string }

/** Opening the link (single use, expiring) makes the change, if the address is still free in the account's realm. */
export async function confirmEmailChange(code: string, ctx: { ip: string }): Promise<EmailChangeOutcome> {
  const row = code
    ? await platformDb.selectFrom('auth_tokens').selectAll().where('token_hash', '=', sha256(code)).where('purpose', '=', 'email_change').executeTakeFirst()
    : undefined
  if (!row || row.used_at || row.expires_at.getTime() < Date.now()) return { ok: false, status: 401, message: INVALID_LINK }
  const claimed = await platformDb.updateTable('auth_tokens').set({ used_at: new Date() }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst()
  const account = await platformDb.selectFrom('users').select(['id', 'email', 'client_id', 'active', 'first_name', 'last_name']).where('id', '=', row.user_id).executeTakeFirst()
  if (Number(claimed.numUpdatedRows) !== 1 || !account || !account.active) return { ok: false, status: 401, message: INVALID_LINK }
  const email = String((row.data as { email?: string }).email ?? '')
  const fail = async (message: string): Promise<EmailChangeOutcome> => {
    await recordAudit({
      clientId: account.client_id,
      userId: account.id,
      module: 'profile',
      action: 'change_email',
      status: 'failure',
      ip: ctx.ip,
      message: `E-mail change to ${email} refused: ${message}`,
    })
    return { ok: false, status: 400, message }
  }
  if (!email) return { ok: false, status: 401, message: INVALID_LINK }
  if (await emailInUse(account.client_id, email, account.id)) return fail(EMAIL_TAKEN)
  try {
    await platformDb.updateTable('users').set({ email, updated_at: new Date() }).where('id', '=', account.id).execute()
  } catch (error) {
    if (isDuplicateKey(error)) return fail(EMAIL_TAKEN)
    throw error
  }
  await queueEmail({ clientId: account.client_id, to: account.email, template: 'email_changed', fields: { oldEmail: account.email, newEmail: email } })
  await recordAudit({
    clientId: account.client_id,
    userId: account.id,
    userName: `${account.first_name} ${account.last_name}`,
    module: 'profile',
    action: 'change_email',
    status: 'success',
    ip: ctx.ip,
    message: `E-mail changed from ${account.email} to ${email} with a confirmation link`,
  })
  return { ok: true, email }
}

/** Ends every other session of the person; the one that changed the password stays signed in. */
async function setPassword(user: Pick<AuthUser, 'id'>, password: string, keepSessionToken: string | undefined): Promise<void> {
  const now = new Date()
  await platformDb
    .updateTable('users')
    .set({ password_hash: await hashPassword(password), password_changed_at: now, updated_at: now })
    .where('id', '=', user.id)
    .execute()
  await revokeUserSessions(user.id, keepSessionToken ? { keepToken: keepSessionToken } : {})
}

/** Stores the avatar under a fresh unguessable key and drops the previous one. */
export async function setAvatar(user: Pick<AuthUser, 'id' | 'profileImg'>, upload: SniffedUpload): Promise<string> {
  const extension = upload.mimeType === 'image/png' ? 'png' : 'jpg'
  const key = newStorageKey('avatar', extension)
  await storage().put(key, upload.data)
  await platformDb.updateTable('users').set({ profile_img: key, updated_at: new Date() }).where('id', '=', user.id).execute()
  if (user.profileImg?.startsWith(AVATAR_PREFIX) && user.profileImg !== key)
    await storage()
      .delete(user.profileImg)
      .catch(() => {})
  return key
}

function audit(user: Person, request: Request, action: string, status: 'success' | 'failure', message: string) {
  return recordAudit({
    clientId: user.clientId,
    userId: user.id,
    userName: `${user.firstName} ${user.lastName}`,
    userRole: user.role,
    module: 'profile',
    action,
    status,
    message,
    request,
  })
}

/**
 * Called by the profile page and the JSON routes, after the route has refused log-in-as sessions for
 * credentials (requireOwnCredentials). Each validates, writes and audits.
 */
export const profileActions = {
  /** A new profile image; answers its storage key. */
  async setAvatar(user: AuthUser, request: Request, upload: SniffedUpload): Promise<string> {
    return audited(user, request, { module: 'profile', action: 'update_profile_img', message: 'Changed own profile image' }, await setAvatar(user, upload))
  },

  /** Names change at once; a new e-mail needs the current password and waits for its confirmation link. */
  async update(user: Person, request: Request, input: ProfileInput): Promise<ProfileOutcome> {
    const changesEmail = input.email !== user.email
    if (changesEmail) {
      const refused = await refuseCurrentPassword(user, input.currentPassword)
      if (refused) {
        await audit(user, request, 'request_email_change', 'failure', `E-mail change to ${input.email} refused: ${refused.error}`)
        return refused
      }
      // E-mails are unique inside a realm (ADR 11); the link checks again when it is opened.
      if (await emailInUse(user.clientId, input.email, user.id)) return { ok: false, status: 400, field: 'email', error: EMAIL_TAKEN }
    }
    await platformDb.updateTable('users').set({ first_name: input.firstName, last_name: input.lastName, updated_at: new Date() }).where('id', '=', user.id).execute()
    await audit(user, request, 'update', 'success', 'Updated own profile')
    if (!changesEmail) return { ok: true, pendingEmail: await pendingEmailChange(user) }
    await requestEmailChange(user, input.email)
    await audit(user, request, 'request_email_change', 'success', `Asked to change the e-mail to ${input.email}; a confirmation link was sent there`)
    return { ok: true, pendingEmail: input.email }
  },

  async changePassword(user: Person, request: Request, input: PasswordChangeInput, keepSessionToken: string | undefined): Promise<{ ok: true } | ProfileFailure> {
    const refused = await refuseCurrentPassword(user, input.currentPassword)
    if (refused) {
      await audit(user, request, 'change_password', 'failure', `Password change refused: ${refused.error}`)
      return refused
    }
    await setPassword(user, input.password, keepSessionToken)
    await resetLimit('currentPasswordFailures', String(user.id))
    await audit(user, request, 'change_password', 'success', 'Changed own password; other sessions ended')
    return { ok: true }
  },
}
