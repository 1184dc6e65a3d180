import { describe, expect, it } from 'vitest';
import type { User } from '@mashrou/contracts';
import i18n from '../../lib/i18n';
import { ApiError, NetworkError } from '../../lib/errors';
import { signInErrorMessage } from '../../lib/error-messages';
import { pendingSignupStep } from '../../lib/roles';
import { previousStep } from './hooks/use-sign-up-flow';

const t = i18n.t.bind(i18n);
const user = (over: Partial<User>): User => ({
  id: '1',
  email: 'a@b.co',
  fullName: 'A',
  userType: 'student',
  emailVerified: true,
  emailNotifications: true,
  emailOff: [],
  locale: 'en',
  onboardingComplete: true,
  assessmentComplete: false,
  createdAt: '',
  updatedAt: '',
  ...over,
});

describe('sign-in error messages (spec §8)', () => {
  it('maps every code to the exact spec text', () => {
    const cases: [unknown, string][] = [
      [new ApiError(404, 'user-not-found', 'x'), 'No account found with this email. Please check your email or sign up.'],
      [new ApiError(401, 'wrong-password', 'x'), 'Incorrect password. Please try again.'],
      [new ApiError(422, 'invalid-email', 'x'), 'Invalid email format. Please enter a valid email.'],
      [
        new ApiError(429, 'too-many-attempts', 'x'),
        'Too many failed login attempts. Please try again later or reset your password.',
      ],
      [
        new ApiError(429, 'too-many-requests', 'x'),
        'Too many failed login attempts. Please try again later or reset your password.',
      ],
      [new ApiError(503, 'busy', 'x'), 'We are very busy right now. Please try again in a moment.'],
      [new NetworkError(), 'Network error. Please check your internet connection and try again.'],
      [new Error('createUser is not defined'), 'Error accessing user data. Please try again or contact support.'],
      // An api failure is worded from its code, never from the api's English message.
      [new ApiError(500, 'internal-error', 'Raw message'), 'Something went wrong on our side. Please try again.'],
      [new Error('Raw message'), 'Raw message'],
      [{}, 'An unknown error occurred'],
    ];
    for (const [err, text] of cases) expect(signInErrorMessage(err, t)).toBe(text);
  });
});

describe('sign-up steps', () => {
  it('back goes to the previous step; from additionalInfo to emailVerification', () => {
    expect(previousStep('basicInfo')).toBe('userType');
    expect(previousStep('emailVerification')).toBe('basicInfo');
    expect(previousStep('additionalInfo')).toBe('emailVerification');
  });

  it('an unfinished account resumes at the right step', () => {
    expect(pendingSignupStep(user({ emailVerified: false }))).toBe('emailVerification');
    expect(pendingSignupStep(user({ onboardingComplete: false }))).toBe('additionalInfo');
    expect(pendingSignupStep(user({ userType: 'admin', onboardingComplete: false }))).toBeNull();
    expect(pendingSignupStep(user({}))).toBeNull();
  });
});
