import { Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { AuditService } from '../audit/index.js';
import { OutboxService } from '../events/outbox.service.js';
import { AccountsService, type User } from '../identity/index.js';
import { MAINTENANCE_JOBS, type EraseLeftovers } from '../maintenance/index.js';
import { MarketplaceRecords } from '../marketplace/index.js';
import { DeliveryRecords } from '../mail/index.js';
import { InboxService } from '../notifications/index.js';
import { AssessmentService, ProfilesService } from '../onboarding/index.js';
import { DataExportsService, StorageService } from '../storage/index.js';
import type { InvitationSchema } from './admin.entities.js';
import { SignupNotificationsService } from './signup-notifications.service.js';

type DB = InferKyselyDB<typeof InvitationSchema>;

/** Who deletes the account: an admin (Manage Users), or its owner (Settings → Delete my account). */
export type Eraser = { by: 'admin'; admin: User } | { by: 'self' };

/**
 * Deleting an account and erasing the person's data: the one erasure both Manage Users and a
 * self-delete run (never two copies).
 */
@Injectable()
export class AccountErasure {
  private readonly logger = new Logger(AccountErasure.name);

  constructor(
    @InjectQueue('maintenance') private readonly maintenance: Queue,
    private readonly accounts: AccountsService,
    private readonly assessments: AssessmentService,
    private readonly profiles: ProfilesService,
    private readonly inbox: InboxService,
    private readonly market: MarketplaceRecords,
    private readonly storage: StorageService,
    private readonly audit: AuditService,
    private readonly signups: SignupNotificationsService,
    private readonly outbox: OutboxService,
    private readonly deliveries: DeliveryRecords,
    private readonly dataExports: DataExportsService,
  ) {}

  /**
   * Erases a person in one transaction, each module erasing what it holds: the outbox events that
   * named them and the records of mails about them, their signup notification and the copies of
   * their address in the audit log and invitations, their applications' motivation and notes (the
   * applications stay with the companies, with no student), a company's open projects (closed),
   * their assessment, their files, and last the account with its sessions, codes, reset links and
   * data exports. After commit: the files' bytes, the queue jobs whose data named them, and their
   * rate-limit counters. An admin cannot delete themself this way (409 cannot-change-self); nobody
   * can delete the last active admin (409 last-admin), themself included.
   */
  async erase(eraser: Eraser, id: string) {
    const actorId = eraser.by === 'admin' ? eraser.admin.id : id;
    const after = await this.accounts.guarded(
      actorId,
      id,
      () => true,
      async (tx, target) => {
        const person = { userId: id, email: target.email_normalized, fullName: target.full_name };
        const eventIds = await this.outbox.erase(tx, person);
        await this.deliveries.erase(tx, eventIds, id);
        await this.signups.erase(tx, id);
        await this.eraseInvitations(tx, id);
        await this.market.erase(tx, id);
        await this.assessments.erase(tx, id);
        await this.profiles.erase(tx, id);
        await this.inbox.erase(tx, id);
        const removeFiles = await this.storage.erase(tx, id);
        // After their files' rows went: an admin's reading of one, recorded holding its row, is in by now.
        await this.audit.erase(tx, person);
        const removeExports = await this.dataExports.erase(tx, id);
        const removeBytes = () => Promise.all([removeFiles(), removeExports()]);
        await this.accounts.erase(tx, id);
        // A self-delete leaves nobody to point at: the entry says what happened, never who it was.
        const admin = eraser.by === 'admin' ? eraser.admin : undefined;
        await this.audit.write(
          tx,
          admin ?? { id: null, email: 'deleted user' },
          admin ? 'user.deleted' : 'user.self_deleted',
          { type: 'user', label: 'Deleted user' },
          { role: target.user_type },
        );
        return { eventIds, removeBytes, emailNormalized: person.email };
      },
      { self: eraser.by === 'self' },
    );
    await after.removeBytes().catch((err: unknown) => {
      this.logger.error(`erasure: bytes left for ${id} (${String(err)}); unreachable, no row points at them`);
    });
    const leftovers: EraseLeftovers = {
      eventIds: after.eventIds,
      fragments: this.accounts.limitFragments({ id, emailNormalized: after.emailNormalized }),
    };
    try {
      await this.outbox.removeJobs(leftovers.eventIds);
      await this.accounts.forgetLimits(leftovers.fragments);
    } catch (err) {
      // Redis hiccuped: the rows are gone; what Redis still holds is retried by a maintenance job.
      this.logger.warn(`erasure: Redis cleanup deferred (${String(err)})`);
      await this.maintenance
        .add(MAINTENANCE_JOBS.eraseLeftovers, leftovers, { attempts: 20, backoff: { type: 'exponential', delay: 30_000 } })
        .catch((e: unknown) => {
          this.logger.error(`erasure: could not queue the Redis cleanup (${String(e)})`);
        });
    }
    return { id, deleted: true as const };
  }

  /** Erasure: invitations to the person go; their id leaves the ones they sent. */
  private async eraseInvitations(tx: EntityManager, userId: string) {
    const db = tx.getKysely<DB>({ convertValues: true });
    await db.deleteFrom('invitations').where('student_id', '=', userId).execute();
    await db.updateTable('invitations').set({ invited_by: null }).where('invited_by', '=', userId).execute();
  }
}
