/** The storage module's public surface. */
export { StorageModule } from './storage.module.js';
export { StorageService, fileView, storageError } from './storage.service.js';
/** For the ORM's registration only (database/entities.ts). */
export { STORAGE_ENTITIES } from './storage.entities.js';
