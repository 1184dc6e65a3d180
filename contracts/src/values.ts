/**
 * The contract's plain values: the enums and the error codes, with no zod, so the web app can use them
 * without building any schema (`@mashrou/contracts/values`). `common.ts` builds the schemas of them.
 */
import { PROVIDER_ERROR_CODES } from './provider-outcomes.js';

/** Spec §6: `startup` covers companies (`company` is accepted on sign-up as an alias). */
export const USER_TYPES = ['student', 'startup', 'admin'] as const;

export const WORK_MODES = ['remote', 'onsite', 'hybrid'] as const;

/** DESIGN §1: pending (awaiting review) → open → closed; or rejected with a reason. */
export const PROJECT_STATUSES = ['pending', 'open', 'closed', 'rejected'] as const;

/** DESIGN §1: submitted → under_review → shortlisted → accepted / rejected; withdrawn by the student. */
export const APPLICATION_STATUSES = ['submitted', 'under_review', 'shortlisted', 'accepted', 'rejected', 'withdrawn'] as const;

/** The moves a company may make (the rules live on the server; applicants carry `nextStatuses`). */
export const COMPANY_STATUSES = ['under_review', 'shortlisted', 'accepted', 'rejected'] as const;

/**
 * Every error code the api answers with. The web app words each one through its translations; it
 * never shows the server's English `message`.
 */
export const ERROR_CODES = [
  // the platform
  'bad-request',
  'malformed-json',
  'invalid-body',
  'unexpected-body',
  'invalid-id',
  'validation-failed',
  'unauthenticated',
  'forbidden',
  'email-not-verified',
  'csrf-check-failed',
  'not-found',
  'method-not-allowed',
  'not-acceptable',
  'conflict',
  'payload-too-large',
  'unsupported-media-type',
  'too-many-requests',
  'internal-error',
  'service-unavailable',
  'busy',
  // accounts
  'email-already-registered',
  'invalid-email',
  'user-not-found',
  'wrong-password',
  'account-deactivated',
  'too-many-attempts',
  'too-many-signups',
  'too-many-codes',
  'too-many-code-attempts',
  'resend-too-soon',
  'invalid-reset-link',
  'invalid-unsubscribe-link',
  'not-a-company',
  'email-unchanged',
  'no-email-change',
  'invalid-code',
  // sign in with Google or LinkedIn
  'no-pending-provider-sign-in',
  ...PROVIDER_ERROR_CODES,
  'provider-not-linked',
  'last-sign-in-method',
  // own data
  'export-in-progress',
  'too-many-exports',
  'export-not-found',
  'export-link-expired',
  // onboarding
  'assessment-outdated',
  'assessment-required',
  // marketplace
  'project-not-found',
  'project-not-editable',
  'project-changed',
  'too-many-projects',
  'too-many-pending-projects',
  'project-not-open',
  'project-not-pending',
  'project-closed',
  'already-applied',
  'application-not-found',
  'invalid-status-change',
  'application-decided',
  'messages-closed',
  'project-not-closed',
  'deadline-passed',
  'company-gone',
  // workspace
  'workspace-not-open',
  'too-many-milestones',
  'milestone-submitted',
  'milestone-accepted',
  'nothing-to-review',
  'engagement-ended',
  'milestones-not-accepted',
  'engagement-not-ended',
  'review-window-closed',
  'already-reviewed',
  'already-reported',
  'review-not-found',
  'certificate-not-found',
  'portfolio-not-found',
  'too-many-saved-searches',
  'saved-search-not-found',
  // admin
  'cannot-change-self',
  'last-admin',
  'notification-not-found',
  'already-invited',
  // files (spec §8 storage codes, and ours)
  'object-not-found',
  'unauthorized',
  'quota-exceeded',
  'invalid-argument',
  'invalid-format',
  'file-too-large',
  'file-exists',
  'link-expired',
] as const;

/** The longest motivation a student can send with an application, and the longest note a company keeps on one. */
export const MOTIVATION_MAX = 3000;
export const NOTES_MAX = 2000;
/** The longest reason an admin gives for rejecting a project. */
export const REJECTION_REASON_MAX = 1000;

/** How a project's applicants are ordered: `score` is the assessment's overall score, highest first (none last). */
export const APPLICANT_SORTS = ['newest', 'oldest', 'score'] as const;

/** Around each word of a search's match in `highlight` texts (characters of Unicode's private use area, never in a listing). */
export const MARK_START = '\uE000';
export const MARK_END = '\uE001';

/** Spec-free limits of a message between a company and a student. */
export const MESSAGE_MAX = 2000;

export const BIO_MAX = 1000;
export const COMPANY_ABOUT_MAX = 2000;
export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;

/** The workspace of an accepted application (workspace.ts): at most this many milestones. */
export const MILESTONES_MAX = 20;
export const MILESTONE_TITLE_MAX = 120;
export const MILESTONE_EXPECTATIONS_MAX = 2000;
export const DELIVERABLE_TEXT_MAX = 5000;
export const DELIVERABLE_LINKS_MAX = 5;
export const DELIVERABLE_FILES_MAX = 5;
export const FEEDBACK_MAX = 2000;
/**
 * Where a milestone stands: nothing handed in yet (`open`), handed in and waiting for the company
 * (`submitted`), sent back with feedback (`changes-requested`), or `accepted` (final).
 */
export const MILESTONE_STATUSES = ['open', 'submitted', 'changes-requested', 'accepted'] as const;

/** How an engagement ended: every milestone accepted and marked complete, or ended early by the company with a reason. */
export const ENGAGEMENT_OUTCOMES = ['completed', 'ended-early'] as const;
export const END_REASON_MAX = 1000;
/** After an engagement ends, both sides may review each other for this many days; then whatever is in is shown. */
export const REVIEW_WINDOW_DAYS = 14;
export const REVIEW_TEXT_MAX = 1000;
export const REPORT_REASON_MAX = 500;
/** What a student rates a company on (1–5 each); a company rates a student overall and on each skill its project listed. */
export const COMPANY_CRITERIA = ['clearBrief', 'communication', 'respectOfTime'] as const;
/** A company's rating shows on its project pages once it has this many visible reviews. */
export const RATING_SHOWN_FROM = 3;
export const WITHDRAW_REASON_MAX = 500;
/** A portfolio shows at most this many reviews. */
export const PORTFOLIO_REVIEWS_MAX = 20;
/** A student keeps at most this many saved searches. */
export const SAVED_SEARCHES_MAX = 10;
