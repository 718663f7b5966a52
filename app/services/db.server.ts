// The one database handle of the app process; routes never import it, models do.
import { createDatabase } from '#db/connection'

const globalForDb = globalThis as unknown as { __draftdeskDb?: ReturnType<typeof createDatabase> }

export const db = (globalForDb.__draftdeskDb ??= createDatabase())

/**
 * Platform-level queries that legitimately span organisations (superadmin screens, login lookup
 * by e-mail). Only app/models/platform-*.server.ts and the auth model may use it.
 */
export const platformDb = db.withoutPlugins()
