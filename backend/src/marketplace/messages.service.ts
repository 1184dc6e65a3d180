import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { sql, type Kysely } from 'kysely';
import { THREAD_LIMIT, type Message } from '@mashrou/contracts';
import { ConflictError, NotFoundError } from '../common/errors.js';
import { OutboxService } from '../events/outbox.service.js';
import { MessageSent } from '../events/event-catalogue.js';
import { AccountsService, type User } from '../identity/index.js';
import { InboxService } from '../notifications/index.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { ApplicationStatus } from './marketplace.entities.js';
import type { MarketplaceDB } from './marketplace.db.js';

/** Statuses from which a student may write first. */
const STUDENT_MAY_START: readonly ApplicationStatus[] = ['shortlisted', 'accepted'];

interface Party {
  applicationId: string;
  status: ApplicationStatus;
  projectId: string;
  studentId: string;
  companyId: string;
  companyName: string;
  /** The caller's side, and the other side's id. */
  side: 'student' | 'company';
  otherId: string;
}

const notFound = () => new NotFoundError('application-not-found', 'This application does not exist.');

/**
 * The conversation on an application: its student and its project's company, nobody else. The
 * company may write at any time until the student withdraws; the student from shortlisted on, or
 * once the company has written. Each message is announced (MessageSent) in the same transaction.
 */
@Injectable()
export class MessagesService {
  constructor(
    private readonly orm: MikroORM,
    private readonly outbox: OutboxService,
    private readonly limits: RateLimitService,
    private readonly accounts: AccountsService,
    private readonly inbox: InboxService,
  ) {}

  private db(): Kysely<MarketplaceDB> {
    return this.orm.em.getKysely<MarketplaceDB>({ convertValues: true });
  }

  /** The caller's place in the application's conversation; anyone else gets 404 (as if it did not exist). */
  private async party(user: User, applicationId: string, db: Kysely<MarketplaceDB> = this.db()): Promise<Party> {
    const row = await db
      .selectFrom('applications as a')
      .innerJoin('projects as p', 'p.id', 'a.project_id')
      .select(['a.id', 'a.status', 'a.project_id', 'a.student_id', 'p.company_id', 'p.company_name'])
      .where('a.id', '=', applicationId)
      .executeTakeFirst();
    const studentId = row?.student_id;
    const companyId = row?.company_id;
    if (!row || !studentId || !companyId) throw notFound();
    const base = {
      applicationId: row.id,
      status: row.status,
      projectId: row.project_id,
      studentId,
      companyId,
      companyName: row.company_name,
    };
    if (user.id === studentId) return { ...base, side: 'student', otherId: companyId };
    if (user.id === companyId) return { ...base, side: 'company', otherId: studentId };
    throw notFound();
  }

  private async mayWrite(party: Party, db: Kysely<MarketplaceDB>) {
    if (party.status === 'withdrawn') return false;
    if (party.side === 'company' || STUDENT_MAY_START.includes(party.status)) return true;
    const fromCompany = await db
      .selectFrom('messages')
      .select('id')
      .where('application_id', '=', party.applicationId)
      .where('sender_id', '=', party.companyId)
      .limit(1)
      .executeTakeFirst();
    return fromCompany !== undefined;
  }

  /**
   * The latest messages, oldest first; what the other side wrote is marked read, and so are the
   * bell's "new message" entries of this conversation.
   */
  async thread(user: User, applicationId: string) {
    const db = this.db();
    const party = await this.party(user, applicationId, db);
    const [rows, canWrite] = await Promise.all([
      db
        .selectFrom('messages')
        .select(['id', 'sender_id', 'body', 'created_at'])
        .where('application_id', '=', applicationId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(THREAD_LIMIT)
        .execute(),
      this.mayWrite(party, db),
      db
        .updateTable('messages')
        .set({ read_at: new Date() })
        .where('application_id', '=', applicationId)
        .where('recipient_id', '=', user.id)
        .where('read_at', 'is', null)
        .execute()
        // After the messages (see MessageSentHandler: an entry written meanwhile is then caught by one side or the other).
        .then(() => this.inbox.markReadAbout(user.id, 'new-message', party.otherId, party.projectId)),
    ]);
    const names = await this.names(party);
    const messages: Message[] = rows.reverse().map((r) => ({
      id: r.id,
      mine: r.sender_id === user.id,
      senderName: r.sender_id === user.id ? this.nameOf(user) : r.sender_id === party.companyId ? names.company : names.student,
      body: r.body,
      createdAt: r.created_at.toISOString(),
    }));
    return { messages, canWrite };
  }

  /** Writes on the application, within the per-person limits; the other side is told through MessageSent. */
  async send(user: User, applicationId: string, body: string): Promise<Message> {
    await this.limits.enforce(
      'too-many-requests',
      'You are sending messages too quickly. Please wait a moment.',
      { key: `messages:minute:${user.id}`, max: 20, windowS: 60 },
      { key: `messages:day:${user.id}`, max: 200, windowS: 86_400 },
    );
    return this.orm.em.fork().transactional(async (tx) => {
      const db = tx.getKysely<MarketplaceDB>({ convertValues: true });
      // The application's row is held while the message is written: a withdrawal waits its turn.
      await db.selectFrom('applications').select('id').where('id', '=', applicationId).forUpdate().execute();
      const party = await this.party(user, applicationId, db);
      if (!(await this.mayWrite(party, db))) {
        throw new ConflictError(
          'messages-closed',
          party.status === 'withdrawn'
            ? 'This application was withdrawn: its conversation is closed.'
            : 'You can write once the company shortlists you or writes to you first.',
        );
      }
      const row = await db
        .insertInto('messages')
        .values({
          id: randomUUID(),
          application_id: applicationId,
          sender_id: user.id,
          recipient_id: party.otherId,
          body,
          read_at: null,
          created_at: new Date(),
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      this.outbox.publish(tx, new MessageSent({ messageId: row.id }));
      return { id: row.id, mine: true, senderName: this.nameOf(user), body, createdAt: row.created_at.toISOString() };
    });
  }

  /** How many messages the person has not read, per application. */
  async unread(userId: string) {
    const rows = await this.db()
      .selectFrom('messages')
      .select(['application_id', sql<string>`count(*)`.as('n')])
      .where('recipient_id', '=', userId)
      .where('read_at', 'is', null)
      .groupBy('application_id')
      .execute();
    const byApplication = Object.fromEntries(rows.map((r) => [r.application_id, Number(r.n)]));
    return { total: rows.reduce((n, r) => n + Number(r.n), 0), byApplication };
  }

  private nameOf(user: User) {
    return user.userType === 'startup' ? (user.companyName ?? user.fullName) : user.fullName;
  }

  /** The two sides' names as the thread shows them: the company's name, the student's full name. */
  private async names(party: Party) {
    const people = await this.accounts.profiles([party.studentId]);
    return { company: party.companyName, student: people.get(party.studentId)?.fullName ?? '' };
  }
}
