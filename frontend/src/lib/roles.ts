import type { User, UserType } from '@mashrou/contracts';

/** The contract's user types: what menus, homes and role-only screens go by. */
export type Role = UserType;

/** Spec §6: an unknown role is treated as a student (menu and home). */
export const roleOf = (user: { userType: string }): Role =>
  user.userType === 'admin' || user.userType === 'startup' ? user.userType : 'student';

/** Where an account that is not finished should go, from the server's view of the user. */
export function pendingSignupStep(user: User): 'emailVerification' | 'additionalInfo' | null {
  if (!user.emailVerified) return 'emailVerification';
  if (!user.onboardingComplete && roleOf(user) !== 'admin') return 'additionalInfo';
  return null;
}
