import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UserSchema, type UserType } from './identity.entities.js';
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

/** Creates an account directly (CLIs and seeds; sign-up goes through IdentityService). */
export async function insertUser(em: EntityManager, u: NewUser) {
  const user = em.create(UserSchema, {
    id: randomUUID(),
    email: u.email,
    emailNormalized: normalizeEmail(u.email),
    passwordHash: await hashPassword(u.password),
    fullName: u.fullName,
    companyName: u.companyName ?? null,
    userType: u.userType,
    emailVerifiedAt: u.verified ? new Date() : null,
    onboardingComplete: u.onboarded ?? false,
    school: u.school ?? null,
    graduationYear: u.graduationYear ?? null,
    whatsapp: null,
    linkedin: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  em.persist(user);
  await em.flush();
  return user;
}
