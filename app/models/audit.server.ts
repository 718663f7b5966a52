// Audit trail: who did what, in which organisation, from where. Every mutation writes one row.
import { newPublicId } from '#app/services/crypto.server'
import { db } from '#app/services/db.server'
import { getSession } from '#app/services/session.server'
import { clientIp } from '#app/utils/http.server'

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
}

export async function recordAudit(entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_logs')
    .values({
      public_id: newPublicId(),
      client_id: entry.clientId,
      user_id: entry.userId ?? null,
      actor_user_id: entry.actorUserId ?? null,
      user_name: entry.userName ?? null,
      user_role: entry.userRole ?? null,
      module: entry.module,
      action: entry.action,
      status: entry.status,
      host_ip: entry.ip ?? null,
      message: entry.message.slice(0, 1000),
    })
    .execute()
}

/** The audit row of a tenant action: who, which organisation and from where come from the request. */
export async function auditAction(
  t: { clientId: number; user: { id: number; firstName: string; lastName: string; role: string } },
  request: Request,
  entry: { module: string; action: string; message: string; status?: 'success' | 'failure' },
): Promise<void> {
  const session = await getSession(request)
  await recordAudit({
    clientId: t.clientId,
    userId: t.user.id,
    actorUserId: session.get('impersonatorUserId') ?? null,
    userName: `${t.user.firstName} ${t.user.lastName}`,
    userRole: t.user.role,
    module: entry.module,
    action: entry.action,
    status: entry.status ?? 'success',
    ip: clientIp(request),
    message: entry.message,
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
  const session = await getSession(request)
  await recordAudit({
    clientId: entry.clientId !== undefined ? entry.clientId : user.clientId,
    userId: user.id,
    actorUserId: session.get('impersonatorUserId') ?? null,
    userName: `${user.firstName} ${user.lastName}`,
    userRole: user.role,
    module: entry.module,
    action: entry.action,
    status: entry.status ?? 'success',
    ip: clientIp(request),
    message: entry.message,
  })
}
