import { ADMIN_ENTITIES } from './admin/index.js';
import { AUDIT_ENTITIES } from './audit/index.js';
import { EVENTS_ENTITIES } from './events/events.entities.js';
import { IDENTITY_ENTITIES } from './identity/index.js';
import { LEGACY_ENTITIES } from './legacy/index.js';
import { MAIL_ENTITIES } from './mail/index.js';
import { MARKETPLACE_ENTITIES } from './marketplace/index.js';
import { NOTIFICATIONS_ENTITIES } from './notifications/index.js';
import { ONBOARDING_ENTITIES } from './onboarding/index.js';
import { STORAGE_ENTITIES } from './storage/index.js';

/** Every table's entity, each from the module that owns it (the ORM's registration). */
export const ENTITIES = [
  ...EVENTS_ENTITIES,
  ...IDENTITY_ENTITIES,
  ...ONBOARDING_ENTITIES,
  ...MARKETPLACE_ENTITIES,
  ...STORAGE_ENTITIES,
  ...AUDIT_ENTITIES,
  ...ADMIN_ENTITIES,
  ...NOTIFICATIONS_ENTITIES,
  ...MAIL_ENTITIES,
  ...LEGACY_ENTITIES,
];
