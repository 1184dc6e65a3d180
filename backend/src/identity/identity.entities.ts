import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { LOCALES, USER_TYPES, type EmailKind } from '@mashrou/contracts';

export { USER_TYPES, type UserType } from '@mashrou/contracts';

export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.uuid().primary(),
    email: p.string(),
    emailNormalized: p.string().unique(),
    passwordHash: p.string().hidden(),
    /** An imported account's old hash (`firebase-scrypt$<salt>$<hash>`), until its first sign-in. */
    legacyPassword: p.string().nullable().hidden(),
    fullName: p.string(),
    companyName: p.string().nullable(),
    userType: p.enum([...USER_TYPES]),
    emailVerifiedAt: p.datetime().nullable(),
    emailNotifications: p.boolean().default(true),
    /** The kinds of notification email turned off (contracts' EMAIL_KINDS). */
    emailOff: p.array().$type<EmailKind[]>().default([]),
    locale: p.enum([...LOCALES]).default('en'),
    onboardingComplete: p.boolean().default(false),
    school: p.string().nullable(),
    graduationYear: p.integer().nullable(),
    whatsapp: p.string().nullable(),
    linkedin: p.string().nullable(),
    assessmentComplete: p.boolean().default(false),
    active: p.boolean().default(true),
    /** A new address waiting for its code (change email). */
    pendingEmail: p.string().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type User = InferEntity<typeof UserSchema>;

/** A server-side session; the cookie holds a random id, the table only its SHA-256. */
export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    idHash: p.string().primary(),
    userId: p.uuid().index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastSeenAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    ip: p.string().nullable(),
    userAgent: p.string().nullable(),
  },
});
export type Session = InferEntity<typeof SessionSchema>;

/** Spec §3 verification code; the code itself is never stored, only its HMAC. */
export const VerificationCodeSchema = defineEntity({
  name: 'VerificationCode',
  tableName: 'verification_codes',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    email: p.string(),
    codeHash: p.string().hidden(),
    /** What the code proves: the account's own address, a new one it is moving to, or the owner linking a provider. */
    purpose: p.enum(['verify', 'change', 'link'] as const).default('verify'),
    used: p.boolean().default(false),
    usedAt: p.datetime().nullable(),
    failedAttempts: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type VerificationCode = InferEntity<typeof VerificationCodeSchema>;

export const PasswordResetTokenSchema = defineEntity({
  name: 'PasswordResetToken',
  tableName: 'password_reset_tokens',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    tokenHash: p.string().unique().hidden(),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    /** A recovery link (mailed to the old address after an email change): the address it gives the account back to. */
    restoreEmail: p.string().nullable(),
  },
});

/** A Google or LinkedIn account linked to one of ours (issue 29): the provider's subject names the person. */
export const UserIdentitySchema = defineEntity({
  name: 'UserIdentity',
  tableName: 'user_identities',
  properties: {
    provider: p.enum(['google', 'linkedin'] as const).primary(),
    subject: p.string().primary(),
    userId: p.uuid(),
    /** The address the provider gave when it was linked (shown in Settings). */
    email: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export const IDENTITY_ENTITIES = [
  UserSchema,
  SessionSchema,
  VerificationCodeSchema,
  PasswordResetTokenSchema,
  UserIdentitySchema,
];
