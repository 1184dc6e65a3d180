import { SignUpPage } from '../features/auth/components/sign-up-page';
import { CompanyCallStep } from '../features/onboarding/components/company-call-step';
import { StudentInfoForm } from '../features/onboarding/components/student-info-form';

/** /signup: the sign-up steps, with onboarding's student form or Book a Call as the additional-info step. */
export function SignUpRoute() {
  return (
    <SignUpPage
      additionalInfo={({ kind, user, onDone }) =>
        kind === 'student' ? <StudentInfoForm user={user} onDone={onDone} /> : <CompanyCallStep user={user} onDone={onDone} />
      }
    />
  );
}

export default SignUpRoute;
