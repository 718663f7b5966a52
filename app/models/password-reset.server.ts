// Password reset: the request (answered the same whatever the address), the worker's e-mails with one
// link per account, and the new password set through a link.
import { loginAccountKey } from '#app/rules/login-limits'
import { realmDisplayName } from '#app/rules/realm'
import { newToken, sha256 } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { addToOutbox, kickOutbox } from '#app/services/outbox.server'
import { hashPassword } from '#app/services/password.server'
import { enqueue } from '#app/services/queue.server'
import { consume, resetLimit } from '#app/services/rate-limit.server'
import { revokeUserSessions } from '#app/services/session.server'
import { inTransaction } from '#db/transaction'
import { accountsForEmail, normalizeEmail } from './account.server'
import { recordAudit } from './audit.server'
import { INVALID_LINK, type RequestContext } from './sign-in.server'
import { emailPayload } from './system-mail.server'

const MINUTE = 60 * 1000
export const RESET_TTL = 60 * MINUTE

/** Where a reset is asked or a link is used: on an organisation's own host, that organisation's realm alone. */
export type ResetContext = RequestContext & { hostClientId?: number | null }

/**
 * Always answers the same way and in the same time: the lookup and the e-mail happen in a job,
 * so neither the answer nor its timing tells whether the address has an account. Asked on an
 * organisation's host (its customers and staff), only that realm's account gets a link (ADR 0059).
 */
export async function requestPasswordReset(email: string, ctx: ResetContext): Promise<{ ok: boolean; status: 200 | 429 }> {
  if (!(await consume('resetPerIp', ctx.ip))) return { ok: false, status: 429 }
  await enqueue('password-reset', { clientId: ctx.hostClientId ?? null, email: normalizeEmail(email) })
  return { ok: true, status: 200 }
}

/** Runs in the worker: one reset link per active account of the address (of `realm` alone when given), each naming its realm. */
export async function sendPasswordResetEmail(email: string, realm: number | null = null): Promise<'sent' | 'skipped'> {
  const accounts = (await accountsForEmail(email)).filter((a) => realm === null || a.client_id === realm)
  if (accounts.length === 0) return 'skipped'
  if (!(await consume('resetPerEmail', normalizeEmail(email)))) return 'skipped'
  const realmNames = new Map(
    (
      await platformDb
        .selectFrom('organisations')
        .select(['id', 'name'])
        .where('id', 'in', [0, ...accounts.map((a) => a.client_id ?? 0)])
        .execute()
    ).map((o) => [o.id, o.name]),
  )
  for (const account of accounts) {
    await sendResetLink(account, realmDisplayName(account.client_id, realmNames.get(account.client_id ?? 0)))
  }
  return 'sent'
}

/** One reset link for one account (also an admin's "Send reset link", ADR 13). */
export async function sendResetLink(account: { id: number; email: string; client_id: number | null }, realmName: string) {
  // The new token and its e-mail commit together (ADR 0092): never a live link nobody was sent, never a mail of a rolled-back token.
  const token = newToken()
  const mail = await emailPayload({
    clientId: account.client_id,
    to: account.email,
    template: 'password_reset',
    fields: { realmName },
    buttonPath: `/forgot-password-2/${token}`,
    credential: true,
  })
  const outboxId = await inTransaction(platformDb, async (tx) => {
    await tx
      .updateTable('auth_tokens')
      .set({ used_at: new Date() })
      .where('user_id', '=', account.id)
      .where('purpose', '=', 'password_reset')
      .where('used_at', 'is', null)
      .execute()
    await tx
      .insertInto('auth_tokens')
      .values({ purpose: 'password_reset', token_hash: sha256(token), user_id: account.id, client_id: account.client_id, data: '{}', expires_at: new Date(Date.now() + RESET_TTL) })
      .execute()
    return addToOutbox(tx, 'email', mail)
  })
  await kickOutbox([outboxId])
  await recordAudit({
    clientId: account.client_id,
    userId: account.id,
    module: 'auth',
    action: 'password_reset_requested',
    status: 'success',
    message: 'Password reset e-mail sent',
  })
}

/**
 * Consumes a single-use token of the given purpose; null when unknown, used or expired. On an organisation's
 * host only a link of its own realm counts (and stays unspent otherwise); the platform host takes any.
 */
async function claimToken(purpose: 'password_reset' | 'auto_login', token: string, hostClientId: number | null) {
  const row = await platformDb.selectFrom('auth_tokens').selectAll().where('token_hash', '=', sha256(token)).where('purpose', '=', purpose).executeTakeFirst()
  if (!row || row.used_at || row.expires_at.getTime() < Date.now()) return null
  if (hostClientId !== null && row.client_id !== hostClientId) return null
  const claimed = await platformDb.updateTable('auth_tokens').set({ used_at: new Date() }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst()
  return Number(claimed.numUpdatedRows) === 1 ? row : null
}

export async function resetPassword(code: string, password: string, ctx: ResetContext): Promise<{ ok: true } | { ok: false; message: string }> {
  const row = await claimToken('password_reset', code, ctx.hostClientId ?? null)
  if (!row) return { ok: false, message: INVALID_LINK }
  await platformDb
    .updateTable('users')
    .set({ password_hash: await hashPassword(password), password_changed_at: new Date(), updated_at: new Date() })
    .where('id', '=', row.user_id)
    .execute()
  await revokeUserSessions(row.user_id)
  // The owner proved the mailbox: guesses made against this account so far no longer hold it back.
  const account = await platformDb.selectFrom('users').select('email').where('id', '=', row.user_id).executeTakeFirstOrThrow()
  await resetLimit('loginFailuresPerAccount', loginAccountKey(row.client_id, account.email))
  await recordAudit({
    clientId: row.client_id,
    userId: row.user_id,
    module: 'auth',
    action: 'password_reset',
    status: 'success',
    ip: ctx.ip,
    message: 'Password reset with an e-mailed link',
  })
  return { ok: true }
}
