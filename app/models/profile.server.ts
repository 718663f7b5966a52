// The signed-in person's own account: name and e-mail, password (ending their other sessions) and avatar.
import type { AuthUser } from './account.server'
import { emailInUse } from './platform-users.server'
import type { ProfileInput } from './profile.schema'
import { EMAIL_TAKEN } from './platform-users.schema'
import { platformDb } from '#app/services/db.server'
import { hashPassword } from '#app/services/password.server'
import { revokeUserSessions } from '#app/services/session.server'
import { newStorageKey, type SniffedUpload, storage } from '#app/services/storage.server'
import { AVATAR_PREFIX } from './files.server'

export type ProfileOutcome = { ok: true } | { ok: false; field: 'email'; error: string }

/** The e-mail is the account's sign-in name in its realm, so it stays unique there (ADR 0011). */
export async function updateProfile(user: Pick<AuthUser, 'id' | 'clientId'>, input: ProfileInput): Promise<ProfileOutcome> {
  if (await emailInUse(user.clientId, input.email, user.id)) return { ok: false, field: 'email', error: EMAIL_TAKEN }
  try {
    await platformDb
      .updateTable('users')
      .set({ first_name: input.firstName, last_name: input.lastName, email: input.email, updated_at: new Date() })
      .where('id', '=', user.id)
      .execute()
  } catch (error) {
    if ((error as { code?: string }).code === 'ER_DUP_ENTRY') return { ok: false, field: 'email', error: EMAIL_TAKEN }
    throw error
  }
  return { ok: true }
}

/** Ends every other session of the person; the one that changed the password stays signed in. */
export async function changePassword(user: Pick<AuthUser, 'id'>, password: string, keepSessionToken: string | undefined): Promise<void> {
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
  if (user.profileImg?.startsWith(AVATAR_PREFIX) && user.profileImg !== key) await storage().delete(user.profileImg).catch(() => {})
  return key
}
