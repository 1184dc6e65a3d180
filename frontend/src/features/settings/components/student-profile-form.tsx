import { Alert, Anchor, Button, Card, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { graduationYears, type StudentProfile } from '@mashrou/contracts';
import { BIO_MAX } from '@mashrou/contracts/values';
import { Link } from 'react-router-dom';
import { SkillsInput } from '../../../components/ui/skills-input';
import { CharCount } from '../../../components/ui/char-count';
import { errorText } from '../../../lib/error-messages';
import { fieldErrorText } from '../../../lib/form-errors';
import { useOnboardingOptions } from '../../../lib/onboarding-options';
import { useStudentProfile } from '../../../lib/student-profile';
import { StudentProfileFormSchema, useSaveStudentProfile } from '../api/profiles';
import { ProfileCvField } from './profile-cv-field';
import { GrowingTextarea } from '../../../components/ui/growing-textarea';

/** A student's profile, editable at any time: what companies read on each application. */
export function StudentProfileCard() {
  const { t } = useTranslation();
  const profile = useStudentProfile();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack>
        <Stack gap={2}>
          <Title order={3} fz="h4">
            {t('settings.studentProfile')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('settings.studentProfileHint')}
          </Text>
        </Stack>
        {profile.isPending ? <Skeleton h={320} /> : null}
        {profile.isError ? (
          <Alert color="red" role="alert">
            {errorText(profile.error, t)}
          </Alert>
        ) : null}
        {profile.data ? (
          <>
            <StudentProfileForm profile={profile.data} />
            <ProfileCvField cv={profile.data.cv} />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

function StudentProfileForm({ profile }: { profile: StudentProfile }) {
  const { t } = useTranslation();
  const save = useSaveStudentProfile();
  const suggestions = useOnboardingOptions().data?.suggestedSkills ?? [];
  const { register, control, handleSubmit, formState } = useForm({
    resolver: zodResolver(StudentProfileFormSchema),
    defaultValues: {
      school: profile.school ?? '',
      graduationYear: profile.graduationYear ? String(profile.graduationYear) : '',
      whatsapp: profile.whatsapp ?? '',
      linkedin: profile.linkedin ?? '',
      bio: profile.bio ?? '',
      // Skills are sent only when they can be kept (with the assessment's result).
      skills: profile.assessmentTaken ? profile.skills : undefined,
    },
  });
  const bio = useWatch({ control, name: 'bio' });
  const { errors } = formState;

  const onSubmit = handleSubmit(
    (body) => {
      save.mutate(body);
    },
    () => {
      save.reset();
    },
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('settings.studentProfile')}>
      <Stack>
        {save.isSuccess ? (
          <Alert color="teal" role="status">
            {t('settings.saved')}
          </Alert>
        ) : null}
        {save.isError ? (
          <Alert color="red" role="alert">
            {errorText(save.error, t, { fallback: 'signup.errors.updateFailed' })}
          </Alert>
        ) : null}
        <TextInput
          label={t('signup.student.school')}
          required
          maxLength={150}
          {...register('school')}
          error={fieldErrorText(t, errors.school)}
        />
        <Controller
          control={control}
          name="graduationYear"
          render={({ field, fieldState }) => (
            <Select
              label={t('signup.student.graduationYear')}
              required
              data={graduationYears().map(String)}
              ref={field.ref}
              value={field.value || null}
              onChange={(v) => {
                field.onChange(v ?? '');
              }}
              error={fieldErrorText(t, fieldState.error)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <TextInput
          label={t('signup.student.whatsapp')}
          type="tel"
          dir="ltr"
          maxLength={25}
          {...register('whatsapp')}
          error={fieldErrorText(t, errors.whatsapp)}
        />
        <TextInput
          label={t('signup.student.linkedin')}
          type="url"
          dir="ltr"
          maxLength={200}
          {...register('linkedin')}
          error={fieldErrorText(t, errors.linkedin)}
        />
        <GrowingTextarea
          label={t('settings.bio')}
          description={<CharCount value={bio} max={BIO_MAX} hint={t('settings.bioHint')} />}
          minRows={3}
          {...register('bio')}
          error={fieldErrorText(t, errors.bio)}
        />
        {profile.assessmentTaken ? (
          <Controller
            control={control}
            name="skills"
            render={({ field, fieldState }) => (
              <SkillsInput
                label={t('settings.skills')}
                description={t('assessment.skillsHint')}
                suggestions={suggestions}
                value={field.value ?? []}
                onChange={(v) => {
                  field.onChange(v.map((s) => s.trim().slice(0, 40)).filter(Boolean));
                }}
                maxTags={15}
                error={fieldErrorText(t, fieldState.error)}
                clearable
              />
            )}
          />
        ) : (
          <Text fz="sm">
            {t('settings.skillsAfterAssessment')}{' '}
            <Anchor component={Link} to="/dashboard/assessment" fz="sm">
              {t('settings.takeAssessment')}
            </Anchor>
          </Text>
        )}
        <Button type="submit" disabled={save.isPending} w="fit-content">
          {t('common.save')}
        </Button>
      </Stack>
    </form>
  );
}
