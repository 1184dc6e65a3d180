import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { StudentInfoBody, type UserType } from '@mashrou/contracts';
import { insertLegacySignupNotice } from '../admin/index.js';
import { accountIdByEmail, encodeLegacyPassword, insertLegacyAccount, isActiveCompany } from '../identity/index.js';
import { insertLegacyApplication, insertLegacyProject } from '../marketplace/index.js';
import { LegacyIdSchema } from './legacy.entities.js';

type Doc = Record<string, unknown>;

/** The document store's collections, each `<folder>/<name>.json`: an array of `{ id, …fields }` or a map id → fields. */
const COLLECTIONS = ['users', 'projects', 'applications', 'assessments', 'adminNotifications'] as const;
type Collection = (typeof COLLECTIONS)[number];

/** The older system's data: its identity service's account export and its document store's collections. */
export type LegacyExport = Record<Collection, Doc[]> & {
  /** `auth:export` JSON's `users` (uid as `localId` or `uid`, email, emailVerified, displayName, passwordHash, salt, createdAt, disabled). */
  accounts: Doc[];
};
/** Older exports name the admin notifications' collection `notifications`. */
const ALIASES: Record<string, string> = { adminNotifications: 'notifications' };

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${path}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

function documents(value: unknown, where: string): Doc[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.filter(isDoc);
  if (isDoc(value)) return Object.entries(value).map(([id, doc]) => (isDoc(doc) ? { id, ...doc } : { id }));
  throw new Error(`${where}: expected an array of documents or a map of id → document`);
}

/** Reads `--users <auth export.json>` and `--data <folder>`; a missing collection file is an empty collection. */
export async function readLegacyExport(usersFile: string, dataDir: string): Promise<LegacyExport> {
  const auth = await readJson(usersFile);
  if (!isDoc(auth) || !Array.isArray(auth.users))
    throw new Error(`${usersFile}: expected {"users": [...]} (an auth:export file)`);
  const out: Partial<LegacyExport> = { accounts: auth.users.filter(isDoc) };
  for (const name of COLLECTIONS) {
    let file = join(dataDir, `${name}.json`);
    let value = await readJson(file);
    const alias = ALIASES[name];
    if (value === undefined && alias) {
      file = join(dataDir, `${alias}.json`);
      value = await readJson(file);
    }
    out[name] = documents(value, file);
  }
  return out as LegacyExport;
}

// ── reading loosely typed documents ──────────────────────────────────────────────────────────────

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
/** A LinkedIn profile address the way the profile form takes it (`https://` added), else null. */
const linkedinUrl = (v: unknown) => {
  const parsed = StudentInfoBody.shape.linkedin.safeParse(text(v) ?? '');
  return (parsed.success ? parsed.data : undefined) ?? null;
};
const id = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);
const bool = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);
const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && !!x.trim()) : []);
function int(v: unknown) {
  const n = typeof v === 'string' && v.trim() ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
}
/** ISO text, milliseconds (number or text, as `auth:export` writes them) or a Firestore timestamp. */
function time(v: unknown): Date | null {
  let d: Date | null = null;
  if (typeof v === 'number') d = new Date(v);
  else if (typeof v === 'string' && /^\d+$/.test(v)) d = new Date(Number(v));
  else if (typeof v === 'string') d = new Date(v);
  else if (isDoc(v)) {
    const s = v._seconds ?? v.seconds;
    if (typeof s === 'number') d = new Date(s * 1000);
  }
  return d && !Number.isNaN(d.getTime()) ? d : null;
}
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The old `userType`: `company` is a startup; `user` (the old fallback when a profile could not be read) and anything unknown a student. */
function userType(v: unknown): { type: UserType; fallback: boolean } {
  if (v === 'company' || v === 'startup') return { type: 'startup', fallback: false };
  if (v === 'admin') return { type: 'admin', fallback: false };
  return { type: 'student', fallback: v !== 'student' };
}

const PROJECT_STATUS: Record<string, 'pending' | 'open' | 'closed' | 'rejected'> = {
  pending: 'pending',
  open: 'open',
  approved: 'open',
  active: 'open',
  closed: 'closed',
  rejected: 'rejected',
};
const APPLICATION_STATUS = {
  pending: 'submitted',
  submitted: 'submitted',
  under_review: 'under_review',
  reviewing: 'under_review',
  shortlisted: 'shortlisted',
  accepted: 'accepted',
  rejected: 'rejected',
  withdrawn: 'withdrawn',
} as const;
const WORK_MODE: Record<string, 'remote' | 'onsite' | 'hybrid'> = {
  remote: 'remote',
  onsite: 'onsite',
  'on-site': 'onsite',
  hybrid: 'hybrid',
};
/** A table's own entry for a legacy value (one named like an inherited member, "constructor", is none). */
const own = <V>(table: Readonly<Record<string, V>>, key: string): V | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

// ── the import ───────────────────────────────────────────────────────────────────────────────────

export interface CollectionReport {
  imported: number;
  /** Imported by an earlier run (found in `legacy_ids`): left as it is. */
  alreadyImported: number;
  skipped: { id: string; reason: string }[];
}
export type ImportReport = Record<Collection, CollectionReport> & {
  users: CollectionReport & { withoutPassword: number; fellBackToStudent: number };
};

const emptyReport = (): CollectionReport => ({ imported: 0, alreadyImported: 0, skipped: [] });

/** A record goes in with its `legacy_ids` row, in one transaction; answers a reason when it is skipped. */
type Outcome = { newId: string } | { skip: string };

/**
 * Imports the older system's export, record by record, each in its own transaction with its
 * `legacy_ids` row: a record found there is left alone, so a second run changes nothing. Skipped
 * records are reported with the reason (and skipped the same way on the next run). Nothing is
 * mailed: no event is published.
 */
export async function importLegacy(em: EntityManager, data: LegacyExport): Promise<ImportReport> {
  const report: ImportReport = {
    users: { ...emptyReport(), withoutPassword: 0, fellBackToStudent: 0 },
    projects: emptyReport(),
    applications: emptyReport(),
    assessments: emptyReport(),
    adminNotifications: emptyReport(),
  };

  const mapped = async (collection: string, legacyId: string) =>
    (await em.fork().findOne(LegacyIdSchema, { collection, legacyId }))?.newId;

  const step = async (collection: keyof ImportReport, legacyId: string | null, work: (tx: EntityManager) => Promise<Outcome>) => {
    const r = report[collection];
    if (!legacyId) {
      r.skipped.push({ id: '(no id)', reason: 'no id' });
      return;
    }
    if (await mapped(collection, legacyId)) {
      r.alreadyImported += 1;
      return;
    }
    let outcome: Outcome;
    try {
      outcome = await em.fork().transactional(async (tx) => {
        const result = await work(tx);
        if ('newId' in result) {
          tx.persist(tx.create(LegacyIdSchema, { collection, legacyId, newId: result.newId, importedAt: new Date() }));
          await tx.flush();
        }
        return result;
      });
    } catch (err) {
      // Another run (or a sign-up) took the same row meanwhile; this record's transaction left nothing.
      if (!(err instanceof UniqueConstraintViolationException)) throw err;
      outcome = { skip: 'written meanwhile by another run or a sign-up: run the import again' };
    }
    if ('skip' in outcome) r.skipped.push({ id: legacyId, reason: outcome.skip });
    else r.imported += 1;
  };

  // Users: the identity service's accounts joined with the users collection's profiles by id.
  const profiles = new Map<string, Doc>();
  for (const doc of data.users) {
    const key = id(doc.id);
    if (key) profiles.set(key, doc);
  }
  const accounts = new Map<string, Doc>();
  for (const account of data.accounts) {
    const key = id(account.localId ?? account.uid);
    if (key) accounts.set(key, account);
    else report.users.skipped.push({ id: '(no id)', reason: 'no uid in the auth export' });
  }
  const userIds = [...new Set([...accounts.keys(), ...profiles.keys()])];
  for (const legacyId of userIds) {
    const account = accounts.get(legacyId) ?? {};
    const profile = profiles.get(legacyId) ?? {};
    await step('users', legacyId, async (tx) => {
      const email = text(account.email) ?? text(profile.email);
      if (!email) return { skip: 'missing email' };
      if (!EMAIL_SHAPE.test(email)) return { skip: 'invalid email' };
      const owner = await accountIdByEmail(tx, email);
      if (owner) {
        const importedAs = await tx.findOne(LegacyIdSchema, { collection: 'users', newId: owner });
        return {
          skip: importedAs
            ? `duplicate email: already imported from user ${importedAs.legacyId}`
            : 'duplicate email: already registered to an account that was not imported',
        };
      }
      const salt = text(account.salt);
      const hash = text(account.passwordHash);
      const legacyPassword = salt && hash ? (encodeLegacyPassword(salt, hash) ?? null) : null;
      const kind = userType(profile.userType);
      const createdAt = time(account.createdAt) ?? time(profile.createdAt) ?? new Date();
      const newId = await insertLegacyAccount(tx, {
        email,
        fullName: text(profile.fullName) ?? text(account.displayName) ?? email.split('@')[0] ?? email,
        userType: kind.type,
        companyName: text(profile.companyName),
        emailVerified: bool(account.emailVerified, false),
        legacyPassword,
        active: !bool(account.disabled, false),
        emailNotifications: bool(profile.emailNotifications, true),
        onboardingComplete: bool(profile.onboardingComplete, false),
        school: text(profile.school),
        graduationYear: int(profile.graduationYear),
        whatsapp: text(profile.whatsapp),
        // Shown to companies as a link: only a LinkedIn profile address, as the profile form accepts it.
        linkedin: linkedinUrl(profile.linkedin),
        createdAt,
        updatedAt: time(profile.updatedAt) ?? createdAt,
      });
      if (!legacyPassword) report.users.withoutPassword += 1;
      if (kind.fallback) report.users.fellBackToStudent += 1;
      return { newId };
    });
  }

  // Projects: each belongs to an imported company account.
  for (const doc of data.projects) {
    await step('projects', id(doc.id), async (tx) => {
      const companyLegacyId = id(doc.companyId ?? doc.userId ?? doc.createdBy);
      const companyId = companyLegacyId ? await mapped('users', companyLegacyId) : undefined;
      if (!companyId || !companyLegacyId) return { skip: 'unknown company (not an imported user)' };
      const given = own(PROJECT_STATUS, text(doc.status) ?? 'pending');
      if (!given) return { skip: `unknown status "${text(doc.status) ?? ''}"` };
      // Open means its company is an active company account: one imported disabled, or as a student
      // or admin (the createdBy/userId fallback), has its open or pending project imported closed.
      const gone = !(await isActiveCompany(tx, companyId));
      const status = gone && (given === 'open' || given === 'pending') ? 'closed' : given;
      const company = profiles.get(companyLegacyId) ?? {};
      const stipend = int(doc.stipend);
      return {
        newId: await insertLegacyProject(tx, {
          companyId,
          companyName: text(doc.companyName) ?? text(company.companyName) ?? text(company.fullName) ?? 'Unknown company',
          title: text(doc.title) ?? 'Unknown Project',
          description: text(doc.description) ?? '',
          requirements: list(doc.requirements),
          skills: list(doc.skills),
          responsibilities: list(doc.responsibilities),
          qualifications: list(doc.qualifications),
          durationWeeks: int(doc.durationWeeks ?? doc.duration) ?? 4,
          weeklyHours: int(doc.weeklyHours) ?? 10,
          workMode: own(WORK_MODE, text(doc.workMode) ?? '') ?? 'remote',
          location: text(doc.location),
          deadline: time(doc.deadline)?.toISOString().slice(0, 10) ?? null,
          paid: bool(doc.paid, stipend !== null && stipend > 0),
          stipend,
          status,
          closedBy: status === given ? null : 'deactivation',
          createdAt: time(doc.createdAt) ?? new Date(),
        }),
      };
    });
  }

  // Applications: older records name the student `studentId`, newer ones `userId`.
  for (const doc of data.applications) {
    await step('applications', id(doc.id), async (tx) => {
      const studentLegacyId = id(doc.userId ?? doc.studentId);
      if (!studentLegacyId) return { skip: 'no userId or studentId' };
      const studentId = await mapped('users', studentLegacyId);
      if (!studentId) return { skip: 'unknown student (not an imported user)' };
      const projectLegacyId = id(doc.projectId);
      const projectId = projectLegacyId ? await mapped('projects', projectLegacyId) : undefined;
      if (!projectId) return { skip: 'unknown project (not an imported project)' };
      const raw = text(doc.status) ?? 'submitted';
      const status = own(APPLICATION_STATUS, raw);
      if (!status) return { skip: `unknown status "${raw}"` };
      const createdAt = time(doc.createdAt) ?? time(doc.updatedAt) ?? new Date();
      const result = await insertLegacyApplication(tx, {
        projectId,
        studentId,
        projectTitle: text(doc.projectTitle),
        motivation: text(doc.motivation) ?? '',
        status,
        notes: text(doc.notes),
        createdAt,
        updatedAt: time(doc.updatedAt) ?? createdAt,
      });
      if (result === 'duplicate') return { skip: 'duplicate application (the student already applied to this project)' };
      if (result === 'unknown-project') return { skip: 'unknown project (not an imported project)' };
      return { newId: result };
    });
  }

  // Admin notifications (signup notices).
  for (const doc of data.adminNotifications) {
    await step('adminNotifications', id(doc.id), async (tx) => {
      if ((text(doc.type) ?? 'signup') !== 'signup') return { skip: `unknown type "${text(doc.type) ?? ''}"` };
      const userLegacyId = id(doc.userId);
      const userId = userLegacyId ? await mapped('users', userLegacyId) : undefined;
      if (!userId || !userLegacyId) return { skip: 'unknown user (not an imported user)' };
      const profile = profiles.get(userLegacyId) ?? {};
      const result = await insertLegacySignupNotice(tx, {
        userId,
        email: text(doc.email) ?? text(profile.email) ?? '',
        fullName: text(doc.fullName) ?? text(profile.fullName) ?? '',
        userType: userType(profile.userType).type,
        signupTime: time(doc.signupTime) ?? time(doc.createdAt) ?? new Date(),
        status: text(doc.status) === 'reviewed' ? 'reviewed' : 'pending',
      });
      if (result === 'duplicate') return { skip: 'the user already has a signup notification' };
      return { newId: result };
    });
  }

  // Assessments (their own collection, or embedded in the user): the old question bank cannot be
  // scored by ours, so none is imported; the student takes the assessment again.
  const assessments = [
    ...data.assessments.map((a) => id(a.id) ?? id(a.userId) ?? '(no id)'),
    ...data.users.filter((u) => isDoc(u.assessment)).map((u) => `users/${id(u.id) ?? '(no id)'}`),
  ];
  for (const a of assessments) {
    report.assessments.skipped.push({ id: a, reason: 'old question bank: not scorable, the student retakes the assessment' });
  }
  return report;
}
