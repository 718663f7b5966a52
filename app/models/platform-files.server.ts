// Files as the platform sees them: its screens list the people of every realm, so a platform
// session may see any account's avatar (and only a key that is one).
import { AVATAR_PREFIX } from './files.server'
import { platformDb } from '#app/services/db.server'
import { isStorageKey } from '#app/services/storage.server'

/** Is this key the current avatar of any account, in any realm? */
export async function isAnyAccountAvatar(key: string): Promise<boolean> {
  if (!key.startsWith(AVATAR_PREFIX) || !isStorageKey(key)) return false
  return !!(await platformDb.selectFrom('users').select('id').where('profile_img', '=', key).executeTakeFirst())
}
