/** The audit module's public surface. */
export { AuditModule } from './audit.module.js';
export { AuditService, type AuditActor, type AuditTarget } from './audit.service.js';
export { AUDIT_ENTITIES } from './audit.entities.js';
