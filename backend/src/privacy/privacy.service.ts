import { Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { AccountErasure } from '../admin/index.js';
import { DomainError } from '../common/errors.js';
import { AccountsService, type User } from '../identity/index.js';
import { DataExportsService, exportView } from '../storage/index.js';
import { MAINTENANCE_JOBS, type BuildDataExport } from '../maintenance/index.js';

/** What the `maintenance` queue retries a data export's job with. */
export const DATA_EXPORT_ATTEMPTS = 3;

/** People own their data: a copy of it (Settings → Download my data), and deleting the account. */
@Injectable()
export class PrivacyService {
  private readonly logger = new Logger(PrivacyService.name);

  constructor(
    @InjectQueue('maintenance') private readonly maintenance: Queue,
    private readonly exports: DataExportsService,
    private readonly accounts: AccountsService,
    private readonly erasure: AccountErasure,
  ) {}

  /** A new export, built by the `maintenance` queue's job; an email with the link follows. */
  async requestExport(user: User) {
    const row = await this.exports.start(user.id);
    const job: BuildDataExport = { exportId: row.id };
    try {
      await this.maintenance.add(MAINTENANCE_JOBS.buildDataExport, job, {
        jobId: `data-export.${row.id}`,
        attempts: DATA_EXPORT_ATTEMPTS,
        backoff: { type: 'exponential', delay: 10_000 },
        removeOnComplete: { age: 86_400 },
        removeOnFail: { age: 7 * 86_400 },
      });
    } catch (err) {
      this.logger.error(`data export ${row.id}: could not queue its job (${String(err)})`);
      await this.exports.fail(row.id);
      throw new DomainError('service-unavailable', 'We could not start your export. Please try again in a minute.', 503);
    }
    return { export: exportView(row) };
  }

  async latestExport(user: User) {
    const row = await this.exports.latest(user.id);
    return { export: row ? exportView(row) : null };
  }

  download(user: User, token: string | undefined) {
    return this.exports.open(user.id, token);
  }

  /** The password confirms it; then the very erasure an admin's delete runs (the last active admin is refused). */
  async deleteAccount(user: User, password: string) {
    await this.accounts.confirmPassword(user.id, password);
    await this.erasure.erase({ by: 'self' }, user.id);
  }
}
