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

const FIELDS = ['email', 'fullName', 'companyName', 'password', 'confirm'] as const;
type Field = (typeof FIELDS)[number];

/** Spec §5: one problem at a time, in this order: a missing field, the confirmation, then the rest. */
function firstProblem(errors: FieldErrors<Values>): { field: Field; message?: string } | undefined {
  const all = FIELDS.flatMap((field) => (errors[field] ? [{ field, message: errors[field].message }] : []));
  const at = (field: Field) => all.find((p) => p.field === field);
  return all.find((p) => p.message === 'required') ?? at('confirm') ?? at('password') ?? all[0];
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

  const label: Record<Field, string> = {
    email: t('signup.basic.email'),
    fullName: kind === 'startup' ? t('signup.basic.representativeName') : t('signup.basic.fullName'),
    companyName: t('signup.basic.companyName'),
    password: t('signup.basic.password'),
    confirm: t('signup.basic.confirmPassword'),
  };
  const problem = firstProblem(formState.errors);
  // A missing field is named (the alert is above the form, away from the field).
  const problemText = problem
    ? problem.message === 'required'
      ? t('signup.errors.required', { field: label[problem.field] })
      : fieldErrorText(t, problem)
    : null;
  const error = problemText ?? (signUp.error ? signUpErrorText(signUp.error, t) : null);
  /** The field the alert is about, marked invalid (red, aria-invalid). */
  const invalid = (field: Field) => problem?.field === field || (field === 'password' && problem?.field === 'confirm');
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
        <TextInput
          label={label.email}
          type="email"
          autoComplete="email"
          required
          error={invalid('email')}
          {...register('email')}
        />
        <TextInput label={label.fullName} autoComplete="name" required error={invalid('fullName')} {...register('fullName')} />
        {kind === 'startup' ? (
          <TextInput
            label={label.companyName}
            autoComplete="organization"
            required
            error={invalid('companyName')}
            {...register('companyName')}
          />
        ) : null}
        <PasswordInput
          label={label.password}
          description={t('signup.basic.passwordHint')}
          autoComplete="new-password"
          required
          error={invalid('password')}
          {...register('password')}
        />
        <PasswordInput
          label={label.confirm}
          autoComplete="new-password"
          required
          error={invalid('confirm')}
          {...register('confirm')}
        />
        <Button type="submit" disabled={signUp.isPending} size="md">
          {signUp.isPending ? t('signup.basic.submitting') : t('signup.basic.submit')}
        </Button>
      </Stack>
    </form>
  );
}
