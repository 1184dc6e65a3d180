import type { User as UserView } from '@mashrou/contracts';
import type { User } from './identity.entities.js';

/** The user as the api shows it (spec §3 field names); never the password hash. */
export function publicUser(u: User): UserView {
  return {
    id: u.id,
    email: u.email,
    fullName: u.fullName,
    companyName: u.companyName ?? undefined,
    userType: u.userType,
    emailVerified: Boolean(u.emailVerifiedAt),
    emailNotifications: u.emailNotifications,
    emailOff: u.emailOff,
    locale: u.locale,
    onboardingComplete: u.onboardingComplete,
    school: u.school ?? undefined,
    graduationYear: u.graduationYear ?? undefined,
    whatsapp: u.whatsapp ?? undefined,
    linkedin: u.linkedin ?? undefined,
    assessmentComplete: u.assessmentComplete,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}
