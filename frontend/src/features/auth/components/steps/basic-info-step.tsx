import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { SyntheticEvent } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { User } from '@mashrou/contracts';
import { ApiError } from '../../../../lib/errors';
import { errorText } from '../../../../lib/error-messages';
import { fieldErrorText } from '../../../../lib/form-errors';
import { useFocusOnChange } from '../../../../lib/use-focus-on-change';
import { prefetchAuthCalls } from '../../api/load';
import type { BasicInfoValues } from '../../api/calls';
import { basicInfoResolver, useSignUp } from '../../api/sign-up';
import type { Kind } from '../../hooks/use-sign-up-flow';
import { PasswordInput } from '../../../../components/ui/password-input';

type Values = BasicInfoValues;

/** Spec §5: one problem at a time, in this order: a missing field, the confirmation, then the rest. */
function firstProblem(errors: FieldErrors<Values>) {
  const all = [errors.email, errors.fullName, errors.companyName, errors.password, errors.confirm].filter((e) => e !== undefined);
  return all.find((e) => e.message === 'required') ?? errors.confirm ?? errors.password ?? all[0];
}

/** Spec §8 sign-up errors: the email in use, the api refusing the email, too many sign-ups, the network, else unexpected. */
function signUpErrorText(err: unknown, t: TFunction) {
  if (err instanceof ApiError && err.code === 'validation-failed' && JSON.stringify(err.details ?? null).includes('email')) {
    return t('signup.errors.invalidEmail');
  }
  return errorText(err, t, {
    keys: { 'email-already-registered': 'signup.errors.emailInUse', 'too-many-signups': 'signup.errors.tooManySignups' },
    other: 'signup.errors.unexpected',
    network: 'signup.errors.network',
    fallback: 'signup.errors.unexpected',
  });
}

/** Step 2: the account is created here (unverified); coming back to it with the same email creates nothing. */
export function BasicInfoStep({ kind, me, onCreated }: { kind: Kind; me: User | null | undefined; onCreated: () => void }) {
  const { t } = useTranslation();
  const signUp = useSignUp();
  const { register, handleSubmit, getValues, control, formState } = useForm({
    resolver: basicInfoResolver,
    defaultValues: {
      userType: kind,
      email: me?.email ?? '',
      fullName: me?.fullName ?? '',
      companyName: me?.companyName ?? '',
      password: '',
      confirm: '',
    },
    reValidateMode: 'onSubmit',
  });
  const email = useWatch({ control, name: 'email' });

  const submit = handleSubmit(async (body) => {
    try {
      await signUp.mutateAsync(body);
      onCreated();
    } catch {
      // Shown from the mutation's error below.
    }
  });

  const onSubmit = (e: SyntheticEvent<HTMLFormElement>) => {
    signUp.reset();
    // Came back to this step after the account was created: nothing to create again.
    if (me && me.email.toLowerCase() === getValues('email').trim().toLowerCase()) {
      e.preventDefault();
      onCreated();
      return;
    }
    void submit(e);
  };

  const problem = firstProblem(formState.errors);
  const error = problem ? fieldErrorText(t, problem) : signUp.error ? signUpErrorText(signUp.error, t) : null;
  const emailInUse = !problem && signUp.error instanceof ApiError && signUp.error.code === 'email-already-registered';
  // The api's refusal puts focus on its error (a field the form refused takes focus itself).
  const alert = useFocusOnChange<HTMLDivElement>(!problem && signUp.error ? String(signUp.submittedAt) : null);

  return (
    <form onSubmit={onSubmit} onFocus={prefetchAuthCalls} noValidate>
      <Stack gap="md">
        {error ? (
          <Alert color="red" role="alert" ref={alert} tabIndex={-1}>
            <Stack gap="xs">
              <Text fz="sm">{error}</Text>
              {emailInUse ? (
                <Button
                  component={Link}
                  to={`/signin?email=${encodeURIComponent(email.trim())}`}
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
        <TextInput label={t('signup.basic.email')} type="email" autoComplete="email" required {...register('email')} />
        <TextInput
          label={kind === 'startup' ? t('signup.basic.representativeName') : t('signup.basic.fullName')}
          autoComplete="name"
          required
          {...register('fullName')}
        />
        {kind === 'startup' ? (
          <TextInput label={t('signup.basic.companyName')} autoComplete="organization" required {...register('companyName')} />
        ) : null}
        <PasswordInput
          label={t('signup.basic.password')}
          description={t('signup.basic.passwordHint')}
          autoComplete="new-password"
          required
          {...register('password')}
        />
        <PasswordInput label={t('signup.basic.confirmPassword')} autoComplete="new-password" required {...register('confirm')} />
        <Button type="submit" disabled={signUp.isPending} size="md">
          {signUp.isPending ? t('signup.basic.submitting') : t('signup.basic.submit')}
        </Button>
      </Stack>
    </form>
  );
}
