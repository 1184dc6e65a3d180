import { Module } from '@nestjs/common';
import { DeliveryRecords } from './delivery-records.service.js';

/** The record of sent mail, for the worker (deduplication) and the api (erasure). */
@Module({ providers: [DeliveryRecords], exports: [DeliveryRecords] })
export class DeliveryRecordsModule {}
