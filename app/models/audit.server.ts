// Audit trail: who did what, in which organisation, from where. Every mutation writes one row, and a row
// written in a log-in-as session names the person who really acted (actor_user_id and the message).
import { newPublicId, sha256 } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { getSession } from '#app/services/session.server'
import { clientIp } from '#app/services/http.server'

export type AuditEntry = {
  clientId: number | null
  userId?: number | null
  actorUserId?: number | null
  userName?: string | null
  userRole?: string | null
  module: string
  action: string
  status: 'success' | 'failure'
  ip?: string | null
  message: string
  /** The request the action came in on: its IP and, in a log-in-as session, who really acted. */
  request?: Request
}

/** Who really signed in when the request's session is a log-in-as session (null otherwise). */
export async function impersonatorOf(request: Request): Promise<number | null> {
  return (await getSession(request)).get('impersonatorUserId') ?? null
}

/** The id hash of the request's session row (null without one): what log-in-as links are bound to. */
export async function sessionIdHash(request: Request): Promise<string | null> {
  const session = await getSession(request)
  return session.id ? sha256(session.id) : null
}

/** "(as Writer One by Owner Name)": readable in the log page and API without another column. */
async function actingAsNote(entry: AuditEntry, actorUserId: number): Promise<string> {
  const actor = await platformDb.selectFrom('users').select(['first_name', 'last_name', 'email']).where('id', '=', actorUserId).executeTakeFirst()
  const by = actor ? `${actor.first_name} ${actor.last_name}`.trim() || actor.email : `user #${actorUserId}`
  return ` (as ${entry.userName?.trim() || `user #${entry.userId ?? '?'}`} by ${by})`
}

/**
 * Writes through platformDb: login, platform and tenant events alike are recorded here, and the
 * entry's clientId always comes from an authenticated context, never from input.
 */
export async function recordAudit(entry: AuditEntry): Promise<void> {
  const actorUserId = entry.actorUserId ?? (entry.request ? await impersonatorOf(entry.request) : null)
  const acting = actorUserId !== null && actorUserId !== entry.userId
  const message = acting ? `${entry.message}${await actingAsNote(entry, actorUserId)}` : entry.message
  await platformDb
    .insertInto('audit_logs')
    .values({
      public_id: newPublicId(),
      client_id: entry.clientId,
      user_id: entry.userId ?? null,
      actor_user_id: actorUserId,
      user_name: entry.userName ?? null,
      user_role: entry.userRole ?? null,
      module: entry.module,
      action: entry.action,
      status: entry.status,
      host_ip: entry.ip ?? (entry.request ? clientIp(entry.request) : null),
      message: message.slice(0, 1000),
    })
    .execute()
}

/** The audit row of a tenant action: who, which organisation and from where come from the request. */
export async function auditAction(
  t: { clientId: number; user: { id: number; firstName: string; lastName: string; role: string } },
  request: Request,
  entry: { module: string; action: string; message: string; status?: 'success' | 'failure' },
): Promise<void> {
  await recordAudit({
    clientId: t.clientId,
    userId: t.user.id,
    userName: `${t.user.firstName} ${t.user.lastName}`,
    userRole: t.user.role,
    module: entry.module,
    action: entry.action,
    status: entry.status ?? 'success',
    message: entry.message,
    request,
  })
}

/**
 * The audit row of an action by anyone signed in, platform staff included (no organisation).
 * `clientId` overrides the actor's organisation when a platform action concerns one client.
 */
export async function auditUserAction(
  user: { id: number; firstName: string; lastName: string; role: string; clientId: number | null },
  request: Request,
  entry: { module: string; action: string; message: string; status?: 'success' | 'failure'; clientId?: number | null },
): Promise<void> {
  await recordAudit({
    clientId: entry.clientId !== undefined ? entry.clientId : user.clientId,
    userId: user.id,
    userName: `${user.firstName} ${user.lastName}`,
    userRole: user.role,
    module: entry.module,
    action: entry.action,
    status: entry.status ?? 'success',
    message: entry.message,
    request,
  })
}

/** A tenant as audited: the organisation from the session and the person acting in it. */
export type TenantActor = Parameters<typeof auditAction>[0]

/** Who acts: a tenant (`t`) or anyone signed in, platform staff included. */
export type AuditActor = TenantActor | Parameters<typeof auditUserAction>[0]

/** A refusal: `{ ok: false, ... }`, or null when the action found nothing to act on. */
const isRefusal = (result: unknown) => result === null || (typeof result === 'object' && 'ok' in result && result.ok === false)

/**
 * The one way an actions object audits: writes the row of an action's outcome (a refusal, see
 * isRefusal, is written with status 'failure'), then returns the outcome:
 * `return audited(t, request, { module, action, message: (r) => ... }, await change(...))`.
 */
export async function audited<R>(
  who: AuditActor,
  request: Request,
  entry: { module: string; action: string; message: string | ((result: R) => string); clientId?: number | null },
  result: R,
): Promise<R> {
  const row = {
    module: entry.module,
    action: entry.action,
    status: isRefusal(result) ? ('failure' as const) : ('success' as const),
    message: typeof entry.message === 'string' ? entry.message : entry.message(result),
  }
  if ('user' in who) await auditAction(who, request, row)
  else await auditUserAction(who, request, entry.clientId !== undefined ? { ...row, clientId: entry.clientId } : row)
  return result
}
