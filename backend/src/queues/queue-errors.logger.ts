import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUE_NAMES } from './queues.js';

/** Connection errors of the queues, logged once per outage instead of once per reconnect attempt. */
@Injectable()
export class QueueErrorsLogger implements OnModuleInit {
  private readonly logger = new Logger('Queues');
  private readonly down = new Set<string>();

  constructor(private readonly moduleRef: ModuleRef) {}

  onModuleInit() {
    for (const name of QUEUE_NAMES) {
      const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
      queue.on('error', (err) => {
        if (this.down.has(name)) return;
        this.down.add(name);
        this.logger.warn(`queue ${name}: Redis unreachable (${err.message}); retrying`);
      });
      void queue.waitUntilReady().then(
        () => this.down.delete(name),
        () => undefined,
      );
    }
  }
}
