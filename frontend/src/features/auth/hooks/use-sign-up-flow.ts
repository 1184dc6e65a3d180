import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { User, UserType } from '@mashrou/contracts';
import { useMe } from '../../../lib/auth';
import { pendingSignupStep, roleOf } from '../../../lib/roles';

/** Spec §2, §4: the sign-up steps, in order. */
export const STEPS = ['userType', 'basicInfo', 'emailVerification', 'additionalInfo', 'success'] as const;
export type Step = (typeof STEPS)[number];
/** A sign-up through Google or LinkedIn: the provider verified the email, so there is no code step. */
export const PROVIDER_STEPS: readonly Step[] = ['userType', 'basicInfo', 'additionalInfo', 'success'];
/** Sign-up makes students and companies; admins are never created by sign-up. */
export type Kind = Exclude<UserType, 'admin'>;

/** Spec §2: back goes to the previous step; from additionalInfo it goes to emailVerification. */
export const previousStep = (step: Step): Step =>
  step === 'additionalInfo' ? 'emailVerification' : (STEPS[Math.max(0, STEPS.indexOf(step) - 1)] ?? 'userType');

/** Where a visit to /signup starts, from the server's view of the user: a new account, or resume. */
export function resumeStep(user: User | null | undefined): Step | 'dashboard' {
  if (!user) return 'userType';
  return pendingSignupStep(user) ?? 'dashboard';
}

const kindOf = (user: User | null | undefined): Kind => (user && roleOf(user) === 'startup' ? 'startup' : 'student');

/** Where the visitor moved to, kept in the history entry: the browser's Back goes to the previous step. */
type Moved = { step: Step; kind: Kind; from?: Step };
const movedOf = (state: unknown): Moved | null => {
  const m = (state as { signup?: Partial<Moved> } | null)?.signup;
  return m && STEPS.includes(m.step as Step) && (m.kind === 'student' || m.kind === 'startup') ? (m as Moved) : null;
};

/**
 * The sign-up flow: which step shows and for which kind of account. Until the visitor moves, the
 * step is where their account stands (reloading mid-way resumes); a finished account goes to the
 * dashboard. Each move is a history entry, so the browser's Back and Forward walk the steps.
 */
export function useSignUpFlow() {
  const navigate = useNavigate();
  const location = useLocation();
  const me = useMe();
  const remembered = movedOf(location.state);
  // While the account loads, the first step shows (what the prerendered page painted): most visitors
  // of /signup have no account yet, and one who has moves on to their step as soon as it is known.
  const resumed = me.isLoading ? 'userType' : resumeStep(me.data);
  // Whether this visit has seen the account unfinished: when its last step is then saved, the success
  // step shows (and goes on to the dashboard) even on a visit that resumed at that step without moving
  // (a reload, a link from the email), rather than leaving for the dashboard before it is said.
  const [sawUnfinished, setSawUnfinished] = useState(false);
  if (!sawUnfinished && me.data && resumed !== 'dashboard') setSawUnfinished(true);
  // A remembered step never runs ahead of the account, nor behind a finished one: without an account,
  // nothing past the details; a finished account (Back from the dashboard, or the moment its last step
  // is saved) is on the success step, which goes on to the dashboard.
  const moved =
    remembered && !me.isLoading && !me.data && STEPS.indexOf(remembered.step) > STEPS.indexOf('basicInfo')
      ? { ...remembered, step: 'basicInfo' as const }
      : (remembered || sawUnfinished) && resumed === 'dashboard'
        ? { kind: kindOf(me.data), ...remembered, step: 'success' as const }
        : remembered;

  const hasMoved = moved !== null;
  useEffect(() => {
    if (!hasMoved && resumed === 'dashboard') void navigate('/dashboard', { replace: true });
  }, [hasMoved, resumed, navigate]);

  // Signed in, the account's own kind (a remembered one may be stale).
  const kind = me.data ? kindOf(me.data) : (moved?.kind ?? 'student');
  const step = moved?.step ?? (resumed === 'dashboard' ? null : resumed);
  const goTo = (next: Step, nextKind: Kind = kind) => {
    const signup: Moved = { step: next, kind: nextKind, ...(step ? { from: step } : {}) };
    void navigate({ pathname: location.pathname, search: location.search }, { state: { signup } });
  };

  return {
    /** null while leaving for the dashboard (a finished account). */
    step,
    kind,
    user: me.data,
    goTo,
    back: () => {
      if (!step) return;
      // Came here from the previous step: go back in history, as the browser's Back would.
      if (moved?.from === previousStep(step)) void navigate(-1);
      else goTo(previousStep(step));
    },
  };
}
