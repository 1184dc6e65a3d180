import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { User } from '@mashrou/contracts';
import { useSetMe } from '../../../../lib/auth';
import { ApiError } from '../../../../lib/errors';
import { errorText, type ErrorWording } from '../../../../lib/error-messages';
import { codeResolver, useConfirmCode } from '../../api/confirm-code';
import { useSendCode } from '../../api/send-code';

/** Spec §8 verification alerts. */
const SEND_FAILED: ErrorWording = {
  keys: { 'resend-too-soon': 'signup.errors.resendTooSoon', 'too-many-codes': 'signup.errors.tooManyCodes' },
  other: 'signup.errors.sendCodeFailed',
  fallback: 'signup.errors.sendCodeFailed',
};
const VERIFY_FAILED: ErrorWording = {
  keys: { 'too-many-code-attempts': 'signup.errors.tooManyCodeAttempts' },
  other: 'signup.errors.verifyFailed',
  fallback: 'signup.errors.verifyFailed',
};

/** Step 3: a 6-digit code is emailed as the step opens; Resend asks for another (spec §2, §8). */
export function VerificationStep({ me, onVerified }: { me: User | null | undefined; onVerified: () => void }) {
  const { t } = useTranslation();
  const setMe = useSetMe();
  const sendCode = useSendCode();
  const confirmCode = useConfirmCode();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const asked = useRef(false);
  const { control, handleSubmit } = useForm({ resolver: codeResolver, defaultValues: { code: '' } });
  const code = useWatch({ control, name: 'code' });

  const send = (isResend: boolean) => {
    if (!me) {
      setError(t('signup.errors.userDataMissing'));
      return;
    }
    setError(null);
    setNotice(null);
    sendCode.mutate(
      { email: me.email },
      {
        onSuccess: () => {
          setSent(true);
          if (isResend) setNotice(t('signup.verify.resent'));
        },
        onError: (err) => {
          setSent(true);
          setError(errorText(err, t, SEND_FAILED));
        },
      },
    );
  };

  // The first code goes out as the step opens (once, even when React runs effects twice).
  useEffect(() => {
    if (asked.current || !me || me.emailVerified) return;
    asked.current = true;
    sendCode.mutate(
      { email: me.email },
      {
        onSettled: (_data, err) => {
          setSent(true);
          // Back on this step within a minute (a reload): the code sent then is still the one to type.
          if (err && !(err instanceof ApiError && err.code === 'resend-too-soon')) {
            setError(errorText(err, t, SEND_FAILED));
          }
        },
      },
    );
  });

  const onSubmit = handleSubmit(async ({ code: typed }) => {
    if (!me) {
      setError(t('signup.errors.userDataMissing'));
      return;
    }
    setError(null);
    try {
      const res = await confirmCode.mutateAsync({ email: me.email, code: typed });
      if (res.valid) {
        setMe({ ...me, emailVerified: true });
        onVerified();
      } else {
        setError(t('signup.errors.invalidCode'));
      }
    } catch (err) {
      setError(errorText(err, t, VERIFY_FAILED));
    }
  });

  if (me?.emailVerified) {
    return (
      <Stack>
        <Alert color="teal">{t('signup.verify.title')} ✓</Alert>
        <Button onClick={onVerified}>{t('common.next')}</Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
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
        <Controller
          control={control}
          name="code"
          render={({ field }) => (
            <TextInput
              label={t('signup.verify.code')}
              value={field.value}
              onChange={(e) => {
                field.onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, 6));
              }}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              size="lg"
              styles={{ input: { textAlign: 'center', letterSpacing: 8, fontWeight: 700 } }}
            />
          )}
        />
        <Button type="submit" disabled={confirmCode.isPending || code.length !== 6} size="md">
          {confirmCode.isPending ? t('signup.verify.submitting') : t('signup.verify.submit')}
        </Button>
        <Anchor
          component="button"
          type="button"
          fz="sm"
          ta="center"
          onClick={() => {
            send(true);
          }}
        >
          {t('signup.verify.resend')}
        </Anchor>
      </Stack>
    </form>
  );
}
