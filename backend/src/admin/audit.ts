import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '../identity/identity.entities.js';

export type AuditAction =
  | 'user.role_changed'
  | 'user.deactivated'
  | 'user.reactivated'
  | 'user.deleted'
  | 'project.approved'
  | 'project.rejected'
  | 'candidate.invited'
  | 'notifications.reviewed';

/**
 * Writes one admin action to the audit log, in the caller's transaction: the action and its record
 * commit together or not at all. `details` must never hold secrets.
 */
export async function writeAudit(
  em: EntityManager,
  actor: Pick<User, 'id' | 'email'>,
  action: AuditAction,
  target: { type: 'user' | 'project' | 'notification'; id?: string; label?: string },
  details: Record<string, unknown> = {},
) {
  await em.execute(
    `insert into audit_log (actor_id, actor_email, action, target_type, target_id, target_label, details)
     values (?, ?, ?, ?, ?, ?, ?::jsonb)`,
    [actor.id, actor.email, action, target.type, target.id ?? null, target.label ?? null, JSON.stringify(details)],
  );
}
