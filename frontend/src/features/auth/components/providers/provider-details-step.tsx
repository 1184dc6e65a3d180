import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PendingProviderSignIn, User } from '@mashrou/contracts';
import { errorText } from '../../../../lib/error-messages';
import { fieldErrorText } from '../../../../lib/form-errors';
import { useFocusOnChange } from '../../../../lib/use-focus-on-change';
import { prefetchAuthCalls } from '../../api/load';
import { providerSignUpResolver, useProviderSignUp } from '../../api/providers';
import type { Kind } from '../../hooks/use-sign-up-flow';

/**
 * Step 2 of a sign-up through Google or LinkedIn: the name (as the provider gave it, to correct) and a
 * company's name. No password and no code: the provider verified the email. The account is made here.
 */
export function ProviderDetailsStep({
  kind,
  pending,
  me,
  onCreated,
}: {
  kind: Kind;
  pending: PendingProviderSignIn;
  me: User | null | undefined;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const signUp = useProviderSignUp();
  const name = t(`signin.providers.names.${pending.provider}`);
  const { register, handleSubmit, formState } = useForm({
    resolver: providerSignUpResolver,
    // A student has no company name: left out, not empty (the api refuses an empty one).
    defaultValues: {
      userType: kind,
      fullName: me?.fullName ?? pending.fullName,
      ...(kind === 'startup' ? { companyName: me?.companyName ?? '' } : {}),
    },
    reValidateMode: 'onSubmit',
  });
  const alert = useFocusOnChange<HTMLDivElement>(signUp.error ? String(signUp.submittedAt) : null);

  const submit = handleSubmit(async (body) => {
    // Came back to this step after the account was made: nothing to make again.
    if (me) {
      onCreated();
      return;
    }
    try {
      await signUp.mutateAsync(body);
      onCreated();
    } catch {
      // Shown from the mutation's error below.
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} onFocus={prefetchAuthCalls} noValidate>
      <Stack gap="md">
        {signUp.error ? (
          <Alert color="red" role="alert" ref={alert} tabIndex={-1}>
            {errorText(signUp.error, t, { fallback: 'signup.errors.unexpected', network: 'signup.errors.network' })}
          </Alert>
        ) : null}
        <Stack gap={2}>
          <Text fz="sm" fw={500}>
            {t('signin.providers.signUp.email', { name })}
          </Text>
          <Text fz="sm" dir="ltr" ta="start" data-testid="provider-email">
            {pending.email}
          </Text>
        </Stack>
        <TextInput
          label={kind === 'startup' ? t('signup.basic.representativeName') : t('signup.basic.fullName')}
          autoComplete="name"
          required
          {...register('fullName')}
          error={fieldErrorText(t, formState.errors.fullName)}
        />
        {kind === 'startup' ? (
          <TextInput
            label={t('signup.basic.companyName')}
            autoComplete="organization"
            required
            {...register('companyName')}
            error={fieldErrorText(t, formState.errors.companyName)}
          />
        ) : null}
        <Button type="submit" disabled={signUp.isPending} size="md">
          {signUp.isPending ? t('signup.basic.submitting') : t('signup.basic.submit')}
        </Button>
      </Stack>
    </form>
  );
}
