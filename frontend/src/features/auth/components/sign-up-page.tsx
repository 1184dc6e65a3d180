import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  PasswordInput,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../components/ui/auth-card';
import { FullScreenSpinner } from '../../../components/ui/full-screen-spinner';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { SIGN_UP_REDIRECT_DELAY_MS } from '../../../lib/timings';
import { confirmVerificationCode, sendVerificationCode, signUp, useMe, useSetMe } from '../api/auth';
import type { User } from '../api/types';
import { pendingSignupStep, roleOf } from '../roles';
import { StudentInfoForm } from '../../onboarding/components/student-info-form';
import { CompanyCallStep } from '../../onboarding/components/company-call-step';

export const STEPS = ['userType', 'basicInfo', 'emailVerification', 'additionalInfo', 'success'] as const;
export type Step = (typeof STEPS)[number];
type Kind = 'student' | 'startup';

/** Spec §2: back goes to the previous step; from additionalInfo it goes to emailVerification. */
export const previousStep = (step: Step): Step =>
  step === 'additionalInfo' ? 'emailVerification' : (STEPS[Math.max(0, STEPS.indexOf(step) - 1)] ?? 'userType');

function UserTypeStep({ onPick }: { onPick: (k: Kind) => void }) {
  const { t } = useTranslation();
  const choice = (kind: Kind, label: string, hint: string, icon: string) => (
    <UnstyledButton
      onClick={() => onPick(kind)}
      p="lg"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 12 }}
      aria-label={`${label} — ${hint}`}
    >
      <Stack gap={6} align="center" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light">
          <Text fz={24}>{icon}</Text>
        </ThemeIcon>
        <Text fw={700}>{label}</Text>
        <Text c="dimmed" fz="sm">
          {hint}
        </Text>
      </Stack>
    </UnstyledButton>
  );
  return (
    <Stack>
      <Text fw={600} ta="center">
        {t('signup.userType.title')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {choice('student', t('signup.userType.student'), t('signup.userType.studentHint'), '🎓')}
        {choice('startup', t('signup.userType.company'), t('signup.userType.companyHint'), '🏢')}
      </SimpleGrid>
    </Stack>
  );
}

function BasicInfoStep({ kind, me, onCreated }: { kind: Kind; me: User | null | undefined; onCreated: (u: User) => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState({
    email: me?.email ?? '',
    fullName: me?.fullName ?? '',
    companyName: me?.companyName ?? '',
    password: '',
    confirm: '',
  });
  const [error, setError] = useState<string | null>(null);
  const [emailInUse, setEmailInUse] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof v) => (e: { currentTarget: { value: string } }) => setV({ ...v, [k]: e.currentTarget.value });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setEmailInUse(false);
    // Came back to this step after the account was created: nothing to create again.
    if (me && me.email.toLowerCase() === v.email.trim().toLowerCase()) return onCreated(me);
    if (!v.email.trim() || !v.fullName.trim() || (kind === 'startup' && !v.companyName.trim()) || !v.password) {
      return setError(t('signup.basic.required'));
    }
    if (v.password !== v.confirm) return setError(t('signup.errors.passwordsMismatch'));
    if (v.password.length < 6) return setError(t('signup.errors.passwordTooShort'));
    setBusy(true);
    try {
      const res = await signUp({
        userType: kind,
        email: v.email.trim(),
        password: v.password,
        fullName: v.fullName.trim(),
        ...(kind === 'startup' ? { companyName: v.companyName.trim() } : {}),
      });
      onCreated(res.user);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'email-already-registered') {
        setEmailInUse(true);
        setError(t('signup.errors.emailInUse'));
      } else if (err instanceof ApiError && err.code === 'validation-failed' && JSON.stringify(err.details).includes('email')) {
        setError(t('signup.errors.invalidEmail'));
      } else if (err instanceof ApiError && err.code === 'too-many-signups') {
        setError(t('signup.errors.tooManySignups'));
      } else if (err instanceof NetworkError) {
        setError(t('signup.errors.network'));
      } else {
        setError(t('signup.errors.unexpected'));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {error ? (
          <Alert color="red" role="alert">
            <Stack gap="xs">
              <Text fz="sm">{error}</Text>
              {emailInUse ? (
                <Button
                  component={Link}
                  to={`/signin?email=${encodeURIComponent(v.email.trim())}`}
                  variant="white"
                  color="red"
                  size="xs"
                  w="fit-content"
                >
                  {t('signup.errors.signInInstead')}
                </Button>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        <TextInput
          label={t('signup.basic.email')}
          type="email"
          autoComplete="email"
          required
          value={v.email}
          onChange={set('email')}
        />
        <TextInput
          label={kind === 'startup' ? t('signup.basic.representativeName') : t('signup.basic.fullName')}
          autoComplete="name"
          required
          value={v.fullName}
          onChange={set('fullName')}
        />
        {kind === 'startup' ? (
          <TextInput
            label={t('signup.basic.companyName')}
            autoComplete="organization"
            required
            value={v.companyName}
            onChange={set('companyName')}
          />
        ) : null}
        <PasswordInput
          label={t('signup.basic.password')}
          description={t('signup.basic.passwordHint')}
          autoComplete="new-password"
          required
          value={v.password}
          onChange={set('password')}
        />
        <PasswordInput
          label={t('signup.basic.confirmPassword')}
          autoComplete="new-password"
          required
          value={v.confirm}
          onChange={set('confirm')}
        />
        <Button type="submit" disabled={busy} size="md">
          {busy ? t('signup.basic.submitting') : t('signup.basic.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function VerificationStep({ me, onVerified }: { me: User | null | undefined; onVerified: (u: User) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const asked = useRef(false);

  const send = async (isResend: boolean) => {
    if (!me) return setError(t('signup.errors.userDataMissing'));
    setError(null);
    setNotice(null);
    try {
      await sendVerificationCode(me.email);
      setSent(true);
      if (isResend) setNotice(t('signup.verify.resent'));
    } catch (err) {
      setSent(true);
      const code = err instanceof ApiError ? err.code : undefined;
      setError(
        code === 'resend-too-soon'
          ? t('signup.errors.resendTooSoon')
          : code === 'too-many-codes'
            ? t('signup.errors.tooManyCodes')
            : t('signup.errors.sendCodeFailed'),
      );
    }
  };

  useEffect(() => {
    if (asked.current || !me || me.emailVerified) return;
    asked.current = true;
    void send(false);
  });

  if (me?.emailVerified) {
    return (
      <Stack>
        <Alert color="teal">{t('signup.verify.title')} ✓</Alert>
        <Button onClick={() => onVerified(me)}>{t('assessment.next')}</Button>
      </Stack>
    );
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!me) return setError(t('signup.errors.userDataMissing'));
    setBusy(true);
    setError(null);
    try {
      const res = await confirmVerificationCode(me.email, code);
      if (res.valid) onVerified({ ...me, emailVerified: true });
      else setError(t('signup.errors.invalidCode'));
    } catch (err) {
      setError(
        err instanceof ApiError && err.code === 'too-many-code-attempts'
          ? t('signup.errors.tooManyCodeAttempts')
          : t('signup.errors.verifyFailed'),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" align="stretch">
        <Text ta="center" fz="sm">
          {sent ? t('signup.verify.sent', { email: me?.email ?? '' }) : t('signup.verify.sending')}
        </Text>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {notice ? <Alert color="teal">{notice}</Alert> : null}
        <TextInput
          label={t('signup.verify.code')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          size="lg"
          styles={{ input: { textAlign: 'center', letterSpacing: 8, fontWeight: 700 } }}
        />
        <Button type="submit" disabled={busy || code.length !== 6} size="md">
          {busy ? t('signup.verify.submitting') : t('signup.verify.submit')}
        </Button>
        <Anchor component="button" type="button" fz="sm" ta="center" onClick={() => void send(true)}>
          {t('signup.verify.resend')}
        </Anchor>
      </Stack>
    </form>
  );
}

function SuccessStep() {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => window.location.assign('/dashboard'), SIGN_UP_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Stack align="center" ta="center" gap="sm">
      <ThemeIcon size={64} radius="xl" color="teal">
        <Text fz={32} c="white">
          ✓
        </Text>
      </ThemeIcon>
      <Text fw={700} fz="xl">
        {t('signup.success.title')}
      </Text>
      <Text c="dimmed">{t('signup.success.body')}</Text>
    </Stack>
  );
}

export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const setMe = useSetMe();
  const [step, setStep] = useState<Step | null>(null);
  const [kind, setKind] = useState<Kind>('student');

  // Resume an unfinished account where it stopped (from the server's view of the user).
  useEffect(() => {
    if (step !== null || me.isLoading) return;
    const user = me.data;
    if (!user) return setStep('userType');
    const pending = pendingSignupStep(user);
    if (!pending) {
      navigate('/dashboard', { replace: true });
      return;
    }
    setKind(roleOf(user) === 'startup' ? 'startup' : 'student');
    setStep(pending);
  }, [me.isLoading, me.data, step, navigate]);

  if (step === null) return <FullScreenSpinner />;
  const user = me.data;
  const onAccount = (u: User) => {
    setMe(u);
    setStep('emailVerification');
  };

  return (
    <AuthCard
      title={t('signup.title')}
      width={560}
      subtitle={
        step === 'userType' ? (
          <>
            {t('signup.haveAccount')}{' '}
            <Anchor component={Link} to="/signin">
              {t('signup.signInLink')}
            </Anchor>
          </>
        ) : undefined
      }
    >
      <Stack gap={6}>
        <Text fz="sm" c="dimmed" ta="center">
          {t('signup.stepOf', { n: STEPS.indexOf(step) + 1, total: STEPS.length, name: t(`signup.steps.${step}`) })}
        </Text>
        <Progress value={(100 * (STEPS.indexOf(step) + 1)) / STEPS.length} size="sm" aria-hidden />
      </Stack>
      {step !== 'userType' && step !== 'success' ? (
        <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => setStep(previousStep(step))}>
          ← {t('common.back')}
        </Button>
      ) : null}
      {step === 'userType' ? (
        <UserTypeStep
          onPick={(k) => {
            setKind(k);
            setStep('basicInfo');
          }}
        />
      ) : null}
      {step === 'basicInfo' ? <BasicInfoStep kind={kind} me={user} onCreated={onAccount} /> : null}
      {step === 'emailVerification' ? (
        <VerificationStep
          me={user}
          onVerified={(u) => {
            setMe(u);
            setStep('additionalInfo');
          }}
        />
      ) : null}
      {step === 'additionalInfo' && kind === 'student' ? (
        <StudentInfoForm
          user={user}
          onDone={(u) => {
            setMe(u);
            setStep('success');
          }}
        />
      ) : null}
      {step === 'additionalInfo' && kind === 'startup' ? (
        <CompanyCallStep
          user={user}
          onDone={(u) => {
            setMe(u);
            setStep('success');
          }}
        />
      ) : null}
      {step === 'success' ? <SuccessStep /> : null}
    </AuthCard>
  );
}

export default SignUpPage;
