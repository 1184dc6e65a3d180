import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SignUpPage } from '../features/auth/components/sign-up-page';
import { loadAppTexts } from '../lib/i18n';

// The additional-info step comes fourth: its forms (a Select, among others) load when it is reached,
// not with the page, which is prerendered and hydrated at its first step.
// Onboarding's texts are the app's (lib/i18n): they load with the step.
const StudentInfoForm = lazy(async () => {
  const [m] = await Promise.all([import('../features/onboarding/components/student-info-form'), loadAppTexts()]);
  return { default: m.StudentInfoForm };
});
const CompanyCallStep = lazy(async () => {
  const [m] = await Promise.all([import('../features/onboarding/components/company-call-step'), loadAppTexts()]);
  return { default: m.CompanyCallStep };
});

/** /signup: the sign-up steps, with onboarding's student form or Book a Call as the additional-info step. */
export function SignUpRoute() {
  const { t } = useTranslation();
  const loading = (
    <Center py="xl" role="status" aria-label={t('common.loading')}>
      <Loader />
    </Center>
  );
  return (
    <SignUpPage
      additionalInfo={({ kind, user, onDone }) => (
        <Suspense fallback={loading}>
          {kind === 'student' ? <StudentInfoForm user={user} onDone={onDone} /> : <CompanyCallStep user={user} onDone={onDone} />}
        </Suspense>
      )}
    />
  );
}

export default SignUpRoute;
