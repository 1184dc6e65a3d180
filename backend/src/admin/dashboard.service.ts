import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type { Overview } from '@mashrou/contracts';
import { QUEUE_NAMES } from '../queues/queues.js';
import { AccountsService } from '../identity/index.js';
import { MarketplaceRecords } from '../marketplace/index.js';
import { SignupNotificationsService } from './signup-notifications.service.js';

/** Every figure of the admin dashboard, gathered from the modules that own them, in parallel. */
@Injectable()
export class DashboardService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly market: MarketplaceRecords,
    private readonly signups: SignupNotificationsService,
    private readonly moduleRef: ModuleRef,
  ) {}

  async overview(): Promise<Overview> {
    const [users, pendingNotifications, signupsPerDay, market, queues] = await Promise.all([
      this.accounts.figures(),
      this.signups.pendingCount(),
      this.accounts.signupsPerDay(),
      this.market.figures(),
      this.queueHealth(),
    ]);
    return { users, pendingNotifications, signupsPerDay, ...market, queues };
  }

  /** Jobs per queue; a queue whose Redis does not answer says so instead of failing the page. */
  queueHealth() {
    return Promise.all(
      QUEUE_NAMES.map(async (name) => {
        const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
        try {
          const counts = await Promise.race([
            queue.getJobCounts('waiting', 'active', 'failed', 'delayed', 'completed'),
            new Promise<never>((_, reject) =>
              setTimeout(() => {
                reject(new Error('timeout'));
              }, 2000).unref(),
            ),
          ]);
          return {
            name,
            ok: true,
            waiting: counts.waiting ?? 0,
            active: counts.active ?? 0,
            failed: counts.failed ?? 0,
            delayed: counts.delayed ?? 0,
            completed: counts.completed ?? 0,
          };
        } catch {
          return { name, ok: false, waiting: 0, active: 0, failed: 0, delayed: 0, completed: 0 };
        }
      }),
    );
  }
}
