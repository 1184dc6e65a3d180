import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import type { MarketplaceDB } from './marketplace.db.js';

/** What a new applicant's job mails the company. */
export type ApplicantMailTurn =
  /** The first applicant in a while: its own mail, now. */
  | { send: 'one' }
  /** The window has ended: one summary of these applications (still applying; this one among them). */
  | { send: 'summary'; applications: string[] }
  /** This job carries the summary, due at `at`: it runs again then. */
  | { send: 'later'; at: Date }
  /** In the summary another job carries, or named already: nothing to send from this one. */
  | { send: 'none' };

/**
 * Grouping instead of a cap for a company's mails about new applicants (table
 * `applicant_mail_windows`): the first goes at once; an applicant in the APPLICANT_MAIL_EVERY_MS
 * after a mail waits, and the first job to wait carries one summary of all who waited, sent when
 * the window ends (the job is delayed till then). So a busy company gets at most one mail per window;
 * the bell hears of each applicant at once.
 *
 * The company's row is locked only to decide: the job claims the mail (`last_job`, `last_batch`) and
 * sends it after the commit, with no connection held. A retried job finds its claim and sends the
 * same mail again, which the delivery key deduplicates; delivery is at least once.
 */
@Injectable()
export class ApplicantMailWindows {
  constructor(
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * This job's turn for `applicationId`. `deferred`: the job ran before and was delayed as a summary's
   * carrier, so if it no longer carries one, its applicant was named in it.
   */
  async turn(companyId: string, applicationId: string, jobKey: string, deferred: boolean): Promise<ApplicantMailTurn> {
    const every = this.config.APPLICANT_MAIL_EVERY_MS;
    return this.orm.em.fork().transactional(async (tx): Promise<ApplicantMailTurn> => {
      const db = tx.getKysely<MarketplaceDB>();
      await db
        .insertInto('applicant_mail_windows')
        .values({ company_id: companyId })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const row = await db
        .selectFrom('applicant_mail_windows')
        .select(['last_mail_at', 'last_job', 'last_batch', 'waiting', 'summary_job'])
        .where('company_id', '=', companyId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const window = db.updateTable('applicant_mail_windows').where('company_id', '=', companyId);
      // Claimed by this job before (its send failed, or its commit's answer was lost): the same again.
      if (row.last_job === jobKey)
        return row.last_batch.length ? { send: 'summary', applications: row.last_batch } : { send: 'one' };
      const now = new Date();
      const due = row.last_mail_at ? new Date(new Date(row.last_mail_at).getTime() + every) : now;
      const waiting = row.waiting.includes(applicationId) ? row.waiting : [...row.waiting, applicationId];
      // A carrier whose job was lost (it failed all its attempts) is replaced by the next applicant a
      // window after its summary was due; a carrier only late finds it was (`deferred`, below).
      const carrierLost = row.summary_job !== null && now.getTime() > due.getTime() + every;
      if (row.summary_job === jobKey || carrierLost) {
        if (now < due) return { send: 'later', at: due };
        // Those who withdrew meanwhile are left out; if nobody is left, no mail and no new window.
        const still = await db
          .selectFrom('applications')
          .select('id')
          .where('id', '=', (eb) => eb.fn.any(eb.val(waiting)))
          .where('status', '<>', 'withdrawn')
          .execute();
        const batch = waiting.filter((id) => still.some((a) => a.id === id));
        if (!batch.length) {
          await window.set({ waiting: [], summary_job: null }).execute();
          return { send: 'none' };
        }
        await window.set({ last_mail_at: now, last_job: jobKey, last_batch: batch, waiting: [], summary_job: null }).execute();
        return { send: 'summary', applications: batch };
      }
      // Delayed as a carrier, and replaced: its applicant was named in the summary that went.
      if (deferred && !row.waiting.includes(applicationId)) return { send: 'none' };
      if (row.summary_job === null && now >= due) {
        await window.set({ last_mail_at: now, last_job: jobKey, last_batch: [] }).execute();
        return { send: 'one' };
      }
      // In the window after a mail: waits for the summary (the first to wait carries it).
      const carries = row.summary_job === null;
      await window.set({ waiting, summary_job: carries ? jobKey : row.summary_job }).execute();
      return carries ? { send: 'later', at: due } : { send: 'none' };
    });
  }
}
