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
import { Migration0024EmailKinds } from './0024-email-kinds.js';
import { Migration0025ApplicantMailWindows } from './0025-applicant-mail-windows.js';
import { Migration0026OutboxTraceContext } from './0026-outbox-trace-context.js';
import { Migration0027Workspace } from './0027-workspace.js';
import { Migration0028MilestoneReminders } from './0028-milestone-reminders.js';
import { Migration0029EngagementEndingsReviews } from './0029-engagement-endings-reviews.js';
import { Migration0030Certificates } from './0030-certificates.js';
import { Migration0031Portfolios } from './0031-portfolios.js';
import { Migration0032DeliverableFiles } from './0032-deliverable-files.js';
import { Migration0033SavedSearches } from './0033-saved-searches.js';
import { Migration0034ApplicationAcceptedAt } from './0034-application-accepted-at.js';
import { Migration0035SearchPrefix } from './0035-search-prefix.js';
import { Migration0036SearchDistinctWords } from './0036-search-distinct-words.js';
import { Migration0015OwnData } from './0015-own-data.js';

/**
 * Applied in this order by `npm run db:migrate`; never edit one that has shipped, add a new one.
 * Forward only (no `down()`: nothing here runs one): a release is undone by restoring a backup taken
 * before its migrations ran (README, Operations) or by a new migration.
 */
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
  { name: '0024-email-kinds', class: Migration0024EmailKinds },
  { name: '0025-applicant-mail-windows', class: Migration0025ApplicantMailWindows },
  { name: '0026-outbox-trace-context', class: Migration0026OutboxTraceContext },
  { name: '0027-workspace', class: Migration0027Workspace },
  { name: '0028-milestone-reminders', class: Migration0028MilestoneReminders },
  { name: '0029-engagement-endings-reviews', class: Migration0029EngagementEndingsReviews },
  { name: '0030-certificates', class: Migration0030Certificates },
  { name: '0031-portfolios', class: Migration0031Portfolios },
  { name: '0032-deliverable-files', class: Migration0032DeliverableFiles },
  { name: '0033-saved-searches', class: Migration0033SavedSearches },
  { name: '0034-application-accepted-at', class: Migration0034ApplicationAcceptedAt },
  { name: '0035-search-prefix', class: Migration0035SearchPrefix },
  { name: '0036-search-distinct-words', class: Migration0036SearchDistinctWords },
];
