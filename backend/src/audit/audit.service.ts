import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager, type InferKyselyDB } from '@mikro-orm/postgresql';
import type { AuditAction, AuditEntry, Page } from '@mashrou/contracts';
import { sql, type Selectable } from 'kysely';
import type { AUDIT_TARGETS } from '@mashrou/contracts';
import { AuditLogSchema } from './audit.entities.js';

type DB = InferKyselyDB<typeof AuditLogSchema>;
type Row = Selectable<DB['audit_log']>;

export interface AuditActor {
  /** Null when nobody stays to point at (a person who deleted their own account). */
  id: string | null;
  email: string;
}
export interface AuditTarget {
  type: (typeof AUDIT_TARGETS)[number];
  id?: string;
  label?: string;
}

const view = (r: Row): AuditEntry => ({
  id: r.id,
  actor: r.actor_email,
  action: r.action,
  targetType: r.target_type,
  targetId: r.target_id ?? undefined,
  target: r.target_label ?? undefined,
  details: r.details,
  createdAt: r.created_at.toISOString(),
});

/** The audit log of admin actions: who did what to whom, kept with the change it records. */
@Injectable()
export class AuditService {
  constructor(private readonly orm: MikroORM) {}

  /** Records one action in the caller's transaction: both commit together or not at all. `details` never hold secrets. */
  async write(
    em: EntityManager,
    actor: AuditActor,
    action: AuditAction,
    target: AuditTarget,
    details: Record<string, unknown> = {},
  ) {
    await em
      .getKysely<DB>({ convertValues: true })
      .insertInto('audit_log')
      .values({
        id: randomUUID(),
        actor_id: actor.id,
        actor_email: actor.email,
        action,
        target_type: target.type,
        target_id: target.id ?? null,
        target_label: target.label ?? null,
        details,
        created_at: new Date(),
      })
      .execute();
  }

  async list(page: number, pageSize: number, action?: AuditAction): Promise<Page<AuditEntry>> {
    const db = this.orm.em.fork().getKysely<DB>({ convertValues: true });
    let q = db.selectFrom('audit_log');
    if (action) q = q.where('action', '=', action);
    const [rows, total] = await Promise.all([
      q
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(view), total: Number(total.n), page, pageSize };
  }

  /** The latest actions on one record (a user's history in Manage Users). */
  async forTarget(targetId: string, limit = 50): Promise<AuditEntry[]> {
    const rows = await this.orm.em
      .fork()
      .getKysely<DB>({ convertValues: true })
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', targetId)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map(view);
  }

  /**
   * Erasure: the actions stay, but no longer name the person — as a target (by id, or by the
   * address a notification label held), as the owner of a file an admin read, or as the admin who acted.
   */
  async erase(em: EntityManager, person: { userId: string; email: string }) {
    const db = em.getKysely<DB>({ convertValues: true });
    await db
      .updateTable('audit_log')
      .set({ target_id: null, target_label: 'Deleted user' })
      .where((eb) =>
        eb.or([eb('target_id', '=', person.userId), eb(eb.fn('lower', ['target_label']), '=', person.email.toLowerCase())]),
      )
      .execute();
    // Their files an admin read: the file is gone with them, and its name with it.
    await db
      .updateTable('audit_log')
      .set({ target_id: null, target_label: 'Deleted file', details: sql`details - 'ownerId'` })
      .where('target_type', '=', 'file')
      .where(sql`details ->> 'ownerId'`, '=', person.userId)
      .execute();
    await db
      .updateTable('audit_log')
      .set({ actor_id: null, actor_email: 'deleted admin' })
      .where('actor_id', '=', person.userId)
      .execute();
  }
}
