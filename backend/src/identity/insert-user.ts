import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictError } from '../common/errors.js';
import { UserSchema, type User, type UserType } from './identity.entities.js';
import { hashPassword, normalizeEmail } from './secrets.js';

export interface NewUser {
  email: string;
  password: string;
  fullName: string;
  userType: UserType;
  companyName?: string;
  verified?: boolean;
  onboarded?: boolean;
  school?: string;
  graduationYear?: number;
}

/** 409 for an address another account has (sign-up, provider sign-up, email change). */
export const emailTaken = () =>
  new ConflictError(
    'email-already-registered',
    'This email is already registered. Please sign in with your existing account or use a different email.',
  );

type Fields = Pick<User, 'email' | 'passwordHash' | 'fullName' | 'companyName' | 'userType' | 'emailVerifiedAt'> &
  Partial<Omit<User, 'id' | 'emailNormalized'>>;

/** Creates and flushes an account row; what the caller leaves out of the profile is explicitly empty (null). */
export async function createUser(em: EntityManager, { email, ...fields }: Fields, now = new Date()) {
  const user = em.create(UserSchema, {
    id: randomUUID(),
    email,
    emailNormalized: normalizeEmail(email),
    school: null,
    graduationYear: null,
    whatsapp: null,
    linkedin: null,
    emailOff: [],
    createdAt: now,
    updatedAt: now,
    ...fields,
  });
  em.persist(user);
  await em.flush();
  return user;
}

/** Creates an account directly (CLIs and seeds; sign-up goes through AuthService). */
export async function insertUser(em: EntityManager, u: NewUser) {
  return createUser(em, {
    email: u.email,
    passwordHash: await hashPassword(u.password),
    fullName: u.fullName,
    companyName: u.companyName ?? null,
    userType: u.userType,
    emailVerifiedAt: u.verified ? new Date() : null,
    onboardingComplete: u.onboarded ?? false,
    school: u.school ?? null,
    graduationYear: u.graduationYear ?? null,
  });
}
