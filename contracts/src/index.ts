/**
 * The api's contract, shared by the backend (validation, OpenAPI) and the web app (types, forms):
 * every route's method, path, request and response schemas, the enums, and the error codes.
 */
import { admin } from './admin.js';
import type { EndpointDef } from './endpoint.js';
import { files } from './files.js';
import { health } from './health.js';
import { identity } from './identity.js';
import { marketplace } from './marketplace.js';
import { notifications } from './notifications.js';
import { onboarding } from './onboarding.js';
import { privacy } from './privacy.js';
import { providers } from './providers.js';
import { workspace } from './workspace.js';
import { certificates } from './certificates.js';
import { portfolio } from './portfolio.js';
import { alerts } from './alerts.js';

export * from './common.js';
export * from './endpoint.js';
export * from './identity.js';
export * from './onboarding.js';
export * from './marketplace.js';
export * from './admin.js';
export * from './files.js';
export * from './notifications.js';
export * from './health.js';
export * from './privacy.js';
export * from './session.js';
export * from './providers.js';
export * from './return-path.js';
export * from './workspace.js';
export * from './certificates.js';
export * from './portfolio.js';
export * from './alerts.js';

/** Every endpoint of the api, by area (one name per endpoint). */
export const api = {
  identity,
  providers,
  onboarding,
  marketplace,
  admin,
  files,
  notifications,
  health,
  privacy,
  workspace,
  certificates,
  portfolio,
  alerts,
} as const;

export const ALL_ENDPOINTS: readonly EndpointDef[] = Object.values(api).flatMap((area) => Object.values(area) as EndpointDef[]);
