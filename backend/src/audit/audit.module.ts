import { Module } from '@nestjs/common';
import { AuditService } from './audit.service.js';

/** The audit log: admin and marketplace write to it through AuditService, in their own transactions. */
@Module({ providers: [AuditService], exports: [AuditService] })
export class AuditModule {}
