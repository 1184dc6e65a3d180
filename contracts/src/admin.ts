import { z } from 'zod';
import {
  ApplicationStatus,
  queryNumber,
  APPLICATION_STATUSES,
  IdParams,
  Locale,
  page,
  pageFields,
  PageQuery,
  PROJECT_STATUSES,
  QueryFlag,
  Timestamp,
  UserType,
} from './common.js';
import { endpoint } from './endpoint.js';

const counts = <K extends string>(keys: readonly K[]) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as Record<K, z.ZodNumber>);

export const QueueHealth = z.strictObject({
  name: z.string(),
  ok: z.boolean(),
  waiting: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
  delayed: z.number().int(),
  completed: z.number().int(),
});

export const USER_FIGURES = [
  'students',
  'startups',
  'admins',
  'verified',
  'onboarded',
  'assessed',
  'last7days',
  'total',
] as const;
export const Overview = z.strictObject({
  users: counts(USER_FIGURES),
  pendingNotifications: z.number().int(),
  signupsPerDay: z.array(z.strictObject({ day: z.string(), count: z.number().int() })),
  projectsByStatus: counts(PROJECT_STATUSES),
  applicationsByStatus: counts(APPLICATION_STATUSES),
  medianResponseHours: z.number().nullable(),
  answeredLast90Days: z.number().int(),
  /** Accepted applications' workspaces: under way (late: a milestone past its day), completed, ended early; reviews reported and not yet looked at. */
  engagements: z.strictObject({
    active: z.number().int(),
    late: z.number().int(),
    completed: z.number().int(),
    endedEarly: z.number().int(),
    reportedReviews: z.number().int(),
  }),
  queues: z.array(QueueHealth),
});
export type Overview = z.output<typeof Overview>;

/** Spec §3 admin notification: one per signup, pending until an admin reviews it. */
export const SignupNotification = z.strictObject({
  id: z.uuid(),
  type: z.literal('signup'),
  userId: z.uuid().optional(),
  email: z.string(),
  fullName: z.string(),
  userType: UserType,
  signupTime: Timestamp,
  status: z.enum(['pending', 'reviewed']),
  reviewedAt: Timestamp.optional(),
});
export type SignupNotification = z.output<typeof SignupNotification>;
export const NotificationsQuery = z.strictObject({ ...pageFields, status: z.enum(['pending', 'reviewed']).optional() });

export const UserRow = z.strictObject({
  id: z.uuid(),
  email: z.string(),
  fullName: z.string(),
  companyName: z.string().optional(),
  userType: UserType,
  verified: z.boolean(),
  onboardingComplete: z.boolean(),
  assessmentComplete: z.boolean(),
  active: z.boolean(),
  createdAt: Timestamp,
});
export type UserRow = z.output<typeof UserRow>;

export const AUDIT_ACTIONS = [
  'user.role_changed',
  'user.deactivated',
  'user.reactivated',
  'user.deleted',
  'user.self_deleted',
  'user.email_changed',
  'user.email_restored',
  'project.approved',
  'project.rejected',
  'project.closed',
  'project.reopened',
  'project.edited',
  'project.applications_viewed',
  'candidate.invited',
  'notifications.reviewed',
  'review.hidden',
  'review.kept',
  'review.shown',
  'certificate.withdrawn',
  'file.downloaded',
] as const;
/** What an audited action was done to. */
export const AUDIT_TARGETS = ['user', 'project', 'notification', 'review', 'certificate', 'file'] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.output<typeof AuditAction>;
export const AuditEntry = z.strictObject({
  id: z.uuid(),
  actor: z.string(),
  action: AuditAction,
  targetType: z.enum(AUDIT_TARGETS),
  targetId: z.uuid().optional(),
  target: z.string().optional(),
  details: z.record(z.string(), z.unknown()),
  createdAt: Timestamp,
});
export type AuditEntry = z.output<typeof AuditEntry>;

export const UserDetail = UserRow.extend({
  school: z.string().optional(),
  graduationYear: z.number().int().optional(),
  whatsapp: z.string().optional(),
  linkedin: z.string().optional(),
  emailNotifications: z.boolean(),
  locale: Locale,
  assessment: z
    .strictObject({
      overall: z.number().int(),
      scores: z.record(z.string(), z.number()),
      skills: z.array(z.string()),
      completedAt: Timestamp,
    })
    .optional(),
  projects: z.array(
    z.strictObject({
      id: z.uuid(),
      title: z.string(),
      status: z.enum(PROJECT_STATUSES),
      applicants: z.number().int(),
      createdAt: Timestamp,
    }),
  ),
  applications: z.array(
    z.strictObject({
      id: z.uuid(),
      projectId: z.uuid(),
      projectTitle: z.string(),
      status: z.enum(APPLICATION_STATUSES),
      updatedAt: Timestamp,
    }),
  ),
  invitations: z.array(z.strictObject({ projectId: z.uuid(), projectTitle: z.string(), createdAt: Timestamp })),
  audit: z.array(AuditEntry),
});
export type UserDetail = z.output<typeof UserDetail>;

export const UsersQuery = z.strictObject({
  q: z.string().trim().max(100).optional(),
  role: UserType.optional(),
  verified: QueryFlag.optional(),
  onboarded: QueryFlag.optional(),
  active: QueryFlag.optional(),
  ...pageFields,
});
export const AuditQuery = z.strictObject({ action: AuditAction.optional(), ...pageFields });
export const RoleBody = z.strictObject({ role: UserType });

// ---- AI Recruitment --------------------------------------------------------------------------

/** Why a score is what it is, as data: the web app words each code through its translations. */
export const Reason = z.discriminatedUnion('code', [
  z.strictObject({ code: z.literal('skills-match'), matched: z.number().int(), wanted: z.number().int(), skills: z.string() }),
  z.strictObject({ code: z.literal('skills-none'), wanted: z.number().int() }),
  z.strictObject({ code: z.literal('no-skills-listed') }),
  z.strictObject({ code: z.literal('text'), points: z.number(), of: z.number() }),
  z.strictObject({ code: z.literal('assessment'), score: z.number() }),
  z.strictObject({ code: z.literal('no-assessment') }),
  z.strictObject({ code: z.literal('graduates'), year: z.number().int() }),
  z.strictObject({ code: z.literal('record'), completed: z.number().int() }),
  z.strictObject({ code: z.literal('record-rated'), completed: z.number().int(), rating: z.number() }),
  z.strictObject({ code: z.literal('busy') }),
  z.strictObject({ code: z.literal('applied'), status: ApplicationStatus }),
  z.strictObject({ code: z.literal('posted'), date: z.string() }),
  z.strictObject({ code: z.literal('already-applied') }),
]);
export type Reason = z.output<typeof Reason>;

export const STUDENT_PARTS = ['skills', 'text', 'assessment', 'graduation', 'record', 'availability'] as const;
export const PROJECT_PARTS = ['skills', 'text', 'freshness'] as const;
const parts = <K extends string>(keys: readonly K[]) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, z.number()])) as Record<K, z.ZodNumber>);

export const PickProject = z.strictObject({
  id: z.uuid(),
  title: z.string(),
  companyName: z.string(),
  skills: z.array(z.string()),
});
export type PickProject = z.output<typeof PickProject>;
export const PickStudent = z.strictObject({
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  school: z.string().optional(),
});
export type PickStudent = z.output<typeof PickStudent>;

export const Candidate = z.strictObject({
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  school: z.string().optional(),
  graduationYear: z.number().int().optional(),
  assessment: z.number().int().optional(),
  score: z.number().int(),
  parts: parts(STUDENT_PARTS),
  reasons: z.array(Reason),
  applied: z.boolean(),
  invitedAt: Timestamp.optional(),
});
export type Candidate = z.output<typeof Candidate>;
export const Candidates = page(Candidate).extend({ project: PickProject, weights: parts(STUDENT_PARTS) });
export type Candidates = z.output<typeof Candidates>;

export const ProjectMatch = z.strictObject({
  id: z.uuid(),
  title: z.string(),
  companyName: z.string(),
  skills: z.array(z.string()),
  score: z.number().int(),
  parts: parts(PROJECT_PARTS),
  reasons: z.array(Reason),
  applied: z.boolean(),
});
export type ProjectMatch = z.output<typeof ProjectMatch>;
export const ProjectMatches = page(ProjectMatch).extend({
  student: z.strictObject({
    id: z.uuid(),
    fullName: z.string(),
    school: z.string().optional(),
    graduationYear: z.number().int().optional(),
    skills: z.array(z.string()),
    assessment: z.number().int().optional(),
  }),
  weights: parts(PROJECT_PARTS),
});
export type ProjectMatches = z.output<typeof ProjectMatches>;

export const CandidatesQuery = z.strictObject({
  school: z.string().trim().max(100).optional(),
  graduationYear: queryNumber().int().min(1950).max(2100).optional(),
  minScore: queryNumber().int().min(0).max(100).default(0),
  notApplied: QueryFlag.default(false),
  ...pageFields,
});
export const PickQuery = z.strictObject({ q: z.string().trim().max(100).optional() });
export const InviteBody = z.strictObject({ projectId: z.uuid(), studentId: z.uuid() });

export const admin = {
  overview: endpoint({
    method: 'GET',
    path: '/admin/overview',
    tag: 'admin',
    status: 200,
    access: ['admin'],
    response: Overview,
    summary: 'Figures for the admin dashboard',
  }),
  notifications: endpoint({
    method: 'GET',
    path: '/admin/notifications',
    tag: 'admin',
    status: 200,
    access: ['admin'],
    query: NotificationsQuery,
    response: page(SignupNotification),
    summary: 'Signup notifications, newest first (spec §3)',
  }),
  reviewAll: endpoint({
    method: 'POST',
    path: '/admin/notifications/review-all',
    tag: 'admin',
    status: 200,
    access: ['admin'],
    response: z.strictObject({ updated: z.number().int() }),
    summary: 'Mark every pending notification reviewed',
  }),
  reviewNotification: endpoint({
    method: 'POST',
    path: '/admin/notifications/:id/review',
    tag: 'admin',
    status: 200,
    access: ['admin'],
    errors: { 404: ['notification-not-found'] },
    params: IdParams,
    response: SignupNotification,
    summary: 'Mark one notification reviewed',
  }),
  users: endpoint({
    method: 'GET',
    path: '/admin/users',
    tag: 'admin: users',
    status: 200,
    access: ['admin'],
    query: UsersQuery,
    response: page(UserRow),
    summary: 'Users by name, email or company; filter by role, verified, onboarded, active',
  }),
  user: endpoint({
    method: 'GET',
    path: '/admin/users/:id',
    tag: 'admin: users',
    status: 200,
    access: ['admin'],
    errors: { 404: ['user-not-found'] },
    params: IdParams,
    response: UserDetail,
    summary: 'One user: profile, assessment, projects or applications, invitations, audit',
  }),
  changeRole: endpoint({
    method: 'PATCH',
    path: '/admin/users/:id/role',
    tag: 'admin: users',
    status: 200,
    access: ['admin'],
    errors: { 404: ['user-not-found'], 409: ['cannot-change-self', 'last-admin'] },
    params: IdParams,
    body: RoleBody,
    response: z.strictObject({ id: z.uuid(), userType: UserType }),
    summary: 'Change the role (not your own admin role, not the last admin); signs them out',
  }),
  deactivate: endpoint({
    method: 'POST',
    path: '/admin/users/:id/deactivate',
    tag: 'admin: users',
    status: 200,
    access: ['admin'],
    errors: { 404: ['user-not-found'], 409: ['cannot-change-self', 'last-admin'] },
    params: IdParams,
    response: z.strictObject({ id: z.uuid(), active: z.boolean() }),
    summary: 'Deactivate: signed out everywhere, cannot sign in',
  }),
  reactivate: endpoint({
    method: 'POST',
    path: '/admin/users/:id/reactivate',
    tag: 'admin: users',
    status: 200,
    access: ['admin'],
    errors: { 404: ['user-not-found'] },
    params: IdParams,
    response: z.strictObject({ id: z.uuid(), active: z.boolean() }),
    summary: 'Reactivate a deactivated account',
  }),
  deleteUser: endpoint({
    method: 'DELETE',
    path: '/admin/users/:id',
    tag: 'admin: users',
    status: 200,
    access: ['admin'],
    errors: { 404: ['user-not-found'], 409: ['cannot-change-self', 'last-admin'] },
    params: IdParams,
    response: z.strictObject({ id: z.uuid(), deleted: z.literal(true) }),
    summary: 'Delete: erases personal data; applications stay, attributed to a deleted user',
  }),
  audit: endpoint({
    method: 'GET',
    path: '/admin/audit',
    tag: 'admin: users',
    status: 200,
    access: ['admin'],
    query: AuditQuery,
    response: page(AuditEntry),
    summary: 'The audit log of admin actions, newest first',
  }),
  openProjects: endpoint({
    method: 'GET',
    path: '/admin/recruitment/projects',
    tag: 'admin: recruitment',
    status: 200,
    access: ['admin'],
    query: PickQuery,
    response: z.array(PickProject),
    summary: 'Open projects to match, newest first, optionally by title',
  }),
  candidates: endpoint({
    method: 'GET',
    path: '/admin/recruitment/projects/:id/candidates',
    tag: 'admin: recruitment',
    status: 200,
    access: ['admin'],
    errors: { 404: ['project-not-found'], 409: ['project-not-open'] },
    params: IdParams,
    query: CandidatesQuery,
    response: Candidates,
    summary: 'Students ranked for an open project, each with score, parts and reasons',
  }),
  students: endpoint({
    method: 'GET',
    path: '/admin/recruitment/students',
    tag: 'admin: recruitment',
    status: 200,
    access: ['admin'],
    query: PickQuery,
    response: z.array(PickStudent),
    summary: 'Students to match, by name or email',
  }),
  projectsFor: endpoint({
    method: 'GET',
    path: '/admin/recruitment/students/:id/projects',
    tag: 'admin: recruitment',
    status: 200,
    access: ['admin'],
    errors: { 404: ['user-not-found'] },
    params: IdParams,
    query: PageQuery,
    response: ProjectMatches,
    summary: 'Open projects ranked for a student',
  }),
  invite: endpoint({
    method: 'POST',
    path: '/admin/recruitment/invitations',
    tag: 'admin: recruitment',
    status: 201,
    access: ['admin'],
    errors: { 404: ['project-not-found', 'user-not-found'], 409: ['project-not-open', 'already-applied', 'already-invited'] },
    body: InviteBody,
    response: z.strictObject({
      id: z.uuid(),
      projectId: z.uuid(),
      studentId: z.uuid(),
      score: z.number().int(),
      invitedAt: Timestamp,
    }),
    summary: 'Invite a student to apply (CandidateInvited email); once per project and student',
  }),
};
