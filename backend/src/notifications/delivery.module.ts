import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { DeliveryRecords } from './delivery-records.service.js';
import { EmailDeliveryService } from './email-delivery.service.js';
import { MailerService } from './mailer.service.js';

/** The record of sent mail: the worker deduplicates with it, the api erases from it. */
@Module({ providers: [DeliveryRecords], exports: [DeliveryRecords] })
export class DeliveryRecordsModule {}

/** Sending mail (worker side): render, cap per mailbox, send once per job. Imported by every module whose handlers mail. */
@Module({
  imports: [RateLimitModule, DeliveryRecordsModule],
  providers: [MailerService, EmailDeliveryService],
  exports: [EmailDeliveryService],
})
export class DeliveryModule {}
