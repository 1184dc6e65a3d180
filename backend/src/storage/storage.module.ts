import { Module } from '@nestjs/common';
import { StorageController } from './storage.controller.js';
import { StorageService } from './storage.service.js';

/** Files (tables `files`, `file_shares`, `storage_usage`) on local disk or in S3. */
@Module({ controllers: [StorageController], providers: [StorageService], exports: [StorageService] })
export class StorageModule {}
