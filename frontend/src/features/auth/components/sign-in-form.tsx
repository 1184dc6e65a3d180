import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { signInErrorMessage } from '../../../lib/error-messages';
import { safeReturnPath } from '../../../lib/return-path';
import { SIGN_IN_DELAY_MS } from '../../../lib/timings';
import { useFocusOnChange } from '../../../lib/use-focus-on-change';
import { prefetchAuthCalls } from '../api/load';
import { signInResolver, useSignIn } from '../api/sign-in';
import { PasswordInput } from '../../../components/ui/password-input';
import { ProviderButtons } from './providers/provider-buttons';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Email and password; after signing in the dashboard loads in full (spec §2), or the page that sent here (`?next=`). */
export function SignInForm({ email, onForgot }: { email: string; onForgot: (email: string) => void }) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const [params] = useSearchParams();
  // Checked where it is followed (here on success; by the api for a provider's sign-in).
  const next = params.get('next');
  const { register, handleSubmit, getValues, formState } = useForm({
    resolver: signInResolver,
    defaultValues: { email, password: '' },
    reValidateMode: 'onSubmit',
  });
  // Busy from the click until the dashboard replaces the page.
  const busy = formState.isSubmitting || signIn.isSuccess;

  const onSubmit = handleSubmit(async (body) => {
    signIn.reset();
    await wait(SIGN_IN_DELAY_MS);
    try {
      await signIn.mutateAsync(body);
      window.location.assign(safeReturnPath(next) ?? '/dashboard');
    } catch {
      // Shown from the mutation's error below.
    }
  });

  // A field too long for the api reads as the api's own answer to it would (spec §8 invalid email).
  const invalid = formState.errors.email ?? formState.errors.password;
  const error = invalid ? t('signin.errors.invalidEmail') : signIn.error ? signInErrorMessage(signIn.error, t) : null;
  // A refused sign-in puts focus on its error (a field the form refused takes focus itself).
  const alert = useFocusOnChange<HTMLDivElement>(signIn.error ? String(signIn.submittedAt) : null);

  return (
    <form onSubmit={(e) => void onSubmit(e)} onFocus={prefetchAuthCalls} noValidate>
      <Stack gap="md">
        {error ? (
          <Alert color="red" role="alert" data-testid="auth-error" ref={alert} tabIndex={-1}>
            {error}
          </Alert>
        ) : null}
        <TextInput label={t('signin.email')} type="email" autoComplete="email" required {...register('email')} />
        <PasswordInput label={t('signin.password')} autoComplete="current-password" required {...register('password')} />
        <Anchor
          component="button"
          type="button"
          fz="sm"
          ta="right"
          onClick={() => {
            onForgot(getValues('email'));
          }}
        >
          {t('signin.forgot')}
        </Anchor>
        <Button type="submit" loading={false} disabled={busy} fullWidth size="md">
          {busy ? t('signin.submitting') : t('signin.submit')}
        </Button>
        {params.has('link') ? null : <ProviderButtons intent="signin" next={next} />}
        <Text fz="sm" ta="center">
          {t('signin.noAccount')}{' '}
          <Anchor component={Link} to="/signup">
            {t('signin.signUpLink')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
