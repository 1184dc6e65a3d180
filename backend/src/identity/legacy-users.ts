import type { EntityManager } from '@mikro-orm/postgresql';
import { UserSchema, type UserType } from './identity.entities.js';
import { createUser } from './insert-user.js';
import { NO_PASSWORD } from './password-checks.js';
import { normalizeEmail } from './secrets.js';

/** An account of the older system, already mapped to ours (`npm run import:legacy`). */
export interface LegacyAccount {
  email: string;
  fullName: string;
  userType: UserType;
  companyName: string | null;
  emailVerified: boolean;
  /** `firebase-scrypt$<salt>$<hash>` (see legacy-password.ts), or null: the owner resets the password. */
  legacyPassword: string | null;
  /** False for an account the old identity service had disabled. */
  active: boolean;
  emailNotifications: boolean;
  onboardingComplete: boolean;
  school: string | null;
  graduationYear: number | null;
  whatsapp: string | null;
  linkedin: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The id of the account that holds this address (as sign-in compares it), if any. */
export async function accountIdByEmail(em: EntityManager, email: string) {
  const found = await em.findOne(UserSchema, { emailNormalized: normalizeEmail(email) }, { fields: ['id'] });
  return found?.id;
}

/** Whether the account is an active company account (the only owner an open project may have). */
export async function isActiveCompany(em: EntityManager, id: string) {
  const user = await em.findOne(UserSchema, { id }, { fields: ['active', 'userType'] });
  return user?.active === true && user.userType === 'startup';
}

/**
 * Creates an imported account, in the caller's transaction. No event is published: imported people
 * get no welcome mail and no signup notice (they signed up long ago). The assessment starts over
 * (the old question bank cannot be scored by ours).
 */
export async function insertLegacyAccount(em: EntityManager, a: LegacyAccount) {
  const user = await createUser(em, {
    email: a.email,
    passwordHash: NO_PASSWORD,
    legacyPassword: a.legacyPassword,
    fullName: a.fullName,
    companyName: a.userType === 'startup' ? a.companyName : null,
    userType: a.userType,
    emailVerifiedAt: a.emailVerified ? a.createdAt : null,
    emailNotifications: a.emailNotifications,
    onboardingComplete: a.onboardingComplete,
    school: a.school,
    graduationYear: a.graduationYear,
    whatsapp: a.whatsapp,
    linkedin: a.linkedin,
    assessmentComplete: false,
    active: a.active,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  });
  return user.id;
}
