import { Migration0001Outbox } from './0001-outbox.js';
import { Migration0002Identity } from './0002-identity.js';
import { Migration0003OnboardingAdmin } from './0003-onboarding-admin.js';
import { Migration0004Marketplace } from './0004-marketplace.js';
import { Migration0005Storage } from './0005-storage.js';
import { Migration0006Admin } from './0006-admin.js';
import { Migration0007AbuseLimits } from './0007-abuse-limits.js';
import { Migration0008StorageUsageReconcile } from './0008-storage-usage-reconcile.js';
import { Migration0009Locale } from './0009-locale.js';
import { Migration0010Profiles } from './0010-profiles.js';
import { Migration0012Inbox } from './0012-inbox.js';
import { Migration0013Messages } from './0013-messages.js';
import { Migration0014DeadlinesModeration } from './0014-deadlines-moderation.js';
import { Migration0016LegacyImport } from './0016-legacy-import.js';
import { Migration0017ProjectVersion } from './0017-project-version.js';
import { Migration0018EmailRecovery } from './0018-email-recovery.js';
import { Migration0019CompanyGone } from './0019-company-gone.js';
import { Migration0020SignInProviders } from './0020-sign-in-providers.js';
import { Migration0021Search } from './0021-search.js';
import { Migration0022SearchTypos } from './0022-search-typos.js';
import { Migration0023SearchEverywhere } from './0023-search-everywhere.js';
import { Migration0015OwnData } from './0015-own-data.js';

/** Applied in this order by `npm run db:migrate`; never edit one that has shipped, add a new one. */
export const MIGRATIONS = [
  { name: '0001-outbox', class: Migration0001Outbox },
  { name: '0002-identity', class: Migration0002Identity },
  { name: '0003-onboarding-admin', class: Migration0003OnboardingAdmin },
  { name: '0004-marketplace', class: Migration0004Marketplace },
  { name: '0005-storage', class: Migration0005Storage },
  { name: '0006-admin', class: Migration0006Admin },
  { name: '0007-abuse-limits', class: Migration0007AbuseLimits },
  { name: '0008-storage-usage-reconcile', class: Migration0008StorageUsageReconcile },
  { name: '0009-locale', class: Migration0009Locale },
  { name: '0010-profiles', class: Migration0010Profiles },
  { name: '0012-inbox', class: Migration0012Inbox },
  { name: '0013-messages', class: Migration0013Messages },
  { name: '0014-deadlines-moderation', class: Migration0014DeadlinesModeration },
  { name: '0015-own-data', class: Migration0015OwnData },
  { name: '0016-legacy-import', class: Migration0016LegacyImport },
  { name: '0017-project-version', class: Migration0017ProjectVersion },
  { name: '0018-email-recovery', class: Migration0018EmailRecovery },
  { name: '0019-company-gone', class: Migration0019CompanyGone },
  { name: '0020-sign-in-providers', class: Migration0020SignInProviders },
  { name: '0021-search', class: Migration0021Search },
  { name: '0022-search-typos', class: Migration0022SearchTypos },
  { name: '0023-search-everywhere', class: Migration0023SearchEverywhere },
];
