import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import type { MarketplaceDB } from './marketplace.db.js';

/** How long after its due time a summary's carrying job counts as lost. */
export const CARRIER_LOST_AFTER_MS = 6 * 3600_000;

/** What a new applicant's job mails the company, decided under the company's lock. */
export type ApplicantMailTurn =
  /** The first applicant in a while: its own mail, now. */
  | { send: 'one' }
  /** The window has ended: one summary of the applications that waited (this one among them). */
  | { send: 'summary'; applications: string[] }
  /** This job carries the summary, due at `at`: it runs again then. */
  | { send: 'later'; at: Date }
  /** In the summary another job carries: nothing to send from this one. */
  | { send: 'none' };

/**
 * Grouping instead of a cap for a company's mails about new applicants (table
 * `applicant_mail_windows`): the first goes at once; an applicant in the APPLICANT_MAIL_EVERY_MS
 * after a mail waits, and the first job to wait carries one summary of all who waited, sent when
 * the window ends (the job is delayed till then). So a busy company gets at most one mail per window
 * and never waits longer than one window; the bell hears of each applicant at once.
 */
@Injectable()
export class ApplicantMailWindows {
  constructor(
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Decides this job's turn and, when it sends, sends (`send`) while holding the company's row: the
   * mail and the new window commit together, so a failed send changes nothing (the job retries as if
   * it had not run) and a lost commit after a send repeats it under the same delivery key (deduplicated).
   */
  async turn(
    companyId: string,
    applicationId: string,
    jobKey: string,
    send: (turn: { send: 'one' } | { send: 'summary'; applications: string[] }) => Promise<unknown>,
  ): Promise<ApplicantMailTurn> {
    const every = this.config.APPLICANT_MAIL_EVERY_MS;
    return this.orm.em.fork().transactional(async (tx) => {
      const db = tx.getKysely<MarketplaceDB>();
      await db
        .insertInto('applicant_mail_windows')
        .values({ company_id: companyId })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const row = await db
        .selectFrom('applicant_mail_windows')
        .select(['last_mail_at', 'waiting', 'summary_job'])
        .where('company_id', '=', companyId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const window = db.updateTable('applicant_mail_windows').where('company_id', '=', companyId);
      const now = new Date();
      const due = row.last_mail_at ? new Date(new Date(row.last_mail_at).getTime() + every) : now;
      const opened = async (turn: { send: 'one' } | { send: 'summary'; applications: string[] }) => {
        await send(turn);
        await window.set({ last_mail_at: now, waiting: [], summary_job: null }).execute();
        return turn;
      };
      // A carrier whose job was lost (it failed all its attempts) is replaced by the next applicant
      // hours after its summary was due, so the summary is not stuck for ever. Not sooner: a carrier
      // that is only late (workers down) and finds itself replaced would wait for the next summary
      // and be named twice.
      const carrierLost = row.summary_job !== null && now.getTime() > due.getTime() + CARRIER_LOST_AFTER_MS;
      if (row.summary_job === jobKey || carrierLost) {
        if (now < due) return { send: 'later' as const, at: due };
        const applications = row.waiting.includes(applicationId) ? row.waiting : [...row.waiting, applicationId];
        return opened({ send: 'summary', applications });
      }
      if (row.summary_job === null && now >= due) return opened({ send: 'one' });
      // In the window after a mail: waits for the summary (once, however often this job runs).
      const waiting = row.waiting.includes(applicationId) ? row.waiting : [...row.waiting, applicationId];
      const carries = row.summary_job === null;
      await window.set({ waiting, summary_job: carries ? jobKey : row.summary_job }).execute();
      return carries ? { send: 'later' as const, at: due } : { send: 'none' as const };
    });
  }
}
