import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/index.js';
import { StorageController } from './storage.controller.js';
import { StorageService } from './storage.service.js';
import { DataExportsService } from './data-exports.service.js';

/** Files (tables `files`, `file_shares`, `storage_usage`, `data_exports`) on local disk or in S3. */
@Module({
  imports: [AuditModule],
  controllers: [StorageController],
  providers: [StorageService, DataExportsService],
  exports: [StorageService, DataExportsService],
})
export class StorageModule {}
