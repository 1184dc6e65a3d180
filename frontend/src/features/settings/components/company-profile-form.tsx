import { Alert, Button, Card, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { CompanyProfile } from '@mashrou/contracts';
import { COMPANY_ABOUT_MAX, COMPANY_SIZES } from '@mashrou/contracts/values';
import { errorText } from '../../../lib/error-messages';
import { CharCount } from '../../../components/ui/char-count';
import { fieldErrorText } from '../../../lib/form-errors';
import { CompanyProfileFormSchema, useCompanyProfile, useSaveCompanyProfile } from '../api/profiles';
import { GrowingTextarea } from '../../../components/ui/growing-textarea';

/** A company's profile: what students read about it on each of its project pages. */
export function CompanyProfileCard() {
  const { t } = useTranslation();
  const profile = useCompanyProfile();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack>
        <Stack gap={2}>
          <Title order={3} fz="h4">
            {t('settings.companyProfile')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('settings.companyProfileHint')}
          </Text>
        </Stack>
        {profile.isPending ? <Skeleton h={240} /> : null}
        {profile.isError ? (
          <Alert color="red" role="alert">
            {errorText(profile.error, t)}
          </Alert>
        ) : null}
        {profile.data ? <CompanyProfileForm profile={profile.data} /> : null}
      </Stack>
    </Card>
  );
}

function CompanyProfileForm({ profile }: { profile: CompanyProfile }) {
  const { t } = useTranslation();
  const save = useSaveCompanyProfile();
  const { register, control, handleSubmit, formState } = useForm({
    resolver: zodResolver(CompanyProfileFormSchema),
    defaultValues: {
      about: profile.about ?? '',
      website: profile.website ?? '',
      location: profile.location ?? '',
      size: profile.size,
    },
  });
  const about = useWatch({ control, name: 'about' });
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
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('settings.companyProfile')}>
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
        <GrowingTextarea
          label={t('settings.about')}
          minRows={3}
          description={<CharCount value={about} max={COMPANY_ABOUT_MAX} />}
          {...register('about')}
          error={fieldErrorText(t, errors.about)}
        />
        <TextInput
          label={t('settings.website')}
          type="url"
          dir="ltr"
          maxLength={200}
          {...register('website')}
          error={fieldErrorText(t, errors.website)}
        />
        <TextInput
          label={t('settings.location')}
          maxLength={120}
          {...register('location')}
          error={fieldErrorText(t, errors.location)}
        />
        <Controller
          control={control}
          name="size"
          render={({ field }) => (
            <Select
              label={t('settings.size')}
              placeholder={t('settings.sizeNone')}
              data={COMPANY_SIZES.map((s) => ({ value: s, label: t(`companySizes.${s}`) }))}
              ref={field.ref}
              value={field.value ?? null}
              onChange={(v) => {
                field.onChange(v ?? undefined);
              }}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <Button type="submit" disabled={save.isPending} w="fit-content">
          {t('common.save')}
        </Button>
      </Stack>
    </form>
  );
}
