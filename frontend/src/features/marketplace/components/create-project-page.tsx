import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Project, SkillOption } from '@mashrou/contracts';
import { WORK_MODES } from '@mashrou/contracts/values';
import { PageHeader } from '../../../components/ui/page-header';
import { errorText } from '../../../lib/error-messages';
import { fieldErrorText, type FieldWording } from '../../../lib/form-errors';
import { ProjectFormSchema, useCreateProject } from '../api/create-project';
import { useOwnProject } from '../api/get-own-project';
import { useUpdateProject } from '../api/update-project';
import { SkillsInput } from '../../../components/ui/skills-input';
import { GrowingTextarea } from '../../../components/ui/growing-textarea';

type Values = z.input<typeof ProjectFormSchema>;

const toValues = (p?: Project): Values => ({
  title: p?.title ?? '',
  description: p?.description ?? '',
  skills: p?.skills ?? [],
  requirements: (p?.requirements ?? []).join('\n'),
  responsibilities: (p?.responsibilities ?? []).join('\n'),
  qualifications: (p?.qualifications ?? []).join('\n'),
  durationWeeks: p?.durationWeeks ?? 8,
  weeklyHours: p?.weeklyHours ?? 10,
  workMode: p?.workMode ?? 'remote',
  location: p?.location ?? '',
  startDate: p?.startDate ?? '',
  deadline: p?.deadline ?? '',
  paid: p?.paid ?? false,
  stipend: p?.stipend,
});

/** This form's words for the schema's codes; anything else asks to check the highlighted fields. */
const generic = 'market.form.errors.generic';
const WORDING: Record<'title' | 'description' | 'other', FieldWording> = {
  title: { 'too-short': 'market.form.errors.title', 'too-long': 'market.form.errors.title', invalid: generic },
  description: { 'too-short': 'market.form.errors.description', 'too-long': generic, invalid: generic },
  other: { invalid: generic },
};

/** Create Project, and edit (`?edit=<id>`) while pending or rejected. */
export function CreateProjectPage({ suggestedSkills }: { suggestedSkills: SkillOption[] }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const editing = useOwnProject(editId);
  const create = useCreateProject();
  const update = useUpdateProject(editId ?? '');
  const save = editId ? update : create;
  const [done, setDone] = useState<string | null>(null);
  const { register, control, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(ProjectFormSchema),
    defaultValues: toValues(),
  });
  const { errors } = formState;
  const paid = useWatch({ control, name: 'paid' });
  const mode = useWatch({ control, name: 'workMode' });

  // The project to edit fills the form once it is read.
  useEffect(() => {
    if (editing.data) reset(toValues(editing.data));
  }, [editing.data, reset]);

  const onSubmit = handleSubmit(async (body) => {
    save.reset();
    try {
      const saved = await save.mutateAsync(body);
      setDone(saved.id);
      if (!editId) reset(toValues());
    } catch {
      // Shown from the mutation's error below.
    }
  });

  const error = save.error ? errorText(save.error, t) : editing.isError ? t('common.loadFailed') : null;

  return (
    <Stack maw={860}>
      <PageHeader title={editId ? t('market.form.editTitle') : t('market.form.createTitle')} subtitle={t('market.form.intro')} />
      {done ? (
        <Alert color="teal" role="status">
          {t('market.form.created')} <a href={`/dashboard/view-projects?project=${done}`}>{t('market.view.open')}</a>
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Card withBorder radius="lg" padding="lg">
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack>
            <TextInput
              label={t('market.form.title')}
              required
              {...register('title')}
              error={fieldErrorText(t, errors.title, WORDING.title)}
            />
            <GrowingTextarea
              label={t('market.form.description')}
              description={t('market.form.descriptionHint')}
              required
              minRows={4}
              {...register('description')}
              error={fieldErrorText(t, errors.description, WORDING.description)}
            />
            <Controller
              control={control}
              name="skills"
              render={({ field }) => (
                <SkillsInput
                  label={t('market.form.skills')}
                  description={t('market.form.skillsHint')}
                  suggestions={suggestedSkills}
                  value={field.value}
                  onChange={field.onChange}
                  maxTags={20}
                  clearable
                  error={fieldErrorText(t, errors.skills, WORDING.other)}
                />
              )}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {(['requirements', 'responsibilities', 'qualifications'] as const).map((name) => (
                <GrowingTextarea
                  key={name}
                  label={t(`market.form.${name}`)}
                  description={t('market.form.listHint')}
                  minRows={3}
                  {...register(name)}
                  error={fieldErrorText(t, errors[name], WORDING.other)}
                />
              ))}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={control}
                name="durationWeeks"
                render={({ field }) => (
                  <NumberInput
                    label={t('market.form.duration')}
                    min={1}
                    max={104}
                    value={field.value}
                    onChange={(v) => {
                      field.onChange(Number(v) || 1);
                    }}
                  />
                )}
              />
              <Controller
                control={control}
                name="weeklyHours"
                render={({ field }) => (
                  <NumberInput
                    label={t('market.form.hours')}
                    min={1}
                    max={60}
                    value={field.value}
                    onChange={(v) => {
                      field.onChange(Number(v) || 1);
                    }}
                  />
                )}
              />
            </SimpleGrid>
            <Stack gap={4}>
              <Text fz="sm" fw={500}>
                {t('market.form.mode')}
              </Text>
              <Controller
                control={control}
                name="workMode"
                render={({ field }) => (
                  <SegmentedControl
                    value={field.value}
                    onChange={field.onChange}
                    data={WORK_MODES.map((m) => ({ value: m, label: t(`market.mode.${m}`) }))}
                  />
                )}
              />
            </Stack>
            {mode !== 'remote' ? (
              <TextInput
                label={t('market.form.location')}
                required
                {...register('location')}
                error={fieldErrorText(t, errors.location, WORDING.other)}
              />
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                type="date"
                label={t('market.form.startDate')}
                {...register('startDate')}
                error={fieldErrorText(t, errors.startDate, WORDING.other)}
              />
              <TextInput
                type="date"
                label={t('market.form.deadline')}
                {...register('deadline')}
                error={fieldErrorText(t, errors.deadline, WORDING.other)}
              />
            </SimpleGrid>
            <Group align="flex-end">
              <Controller
                control={control}
                name="paid"
                render={({ field }) => (
                  <Switch
                    label={t('market.form.paid')}
                    checked={field.value}
                    onChange={(e) => {
                      field.onChange(e.currentTarget.checked);
                    }}
                  />
                )}
              />
              {paid ? (
                <Controller
                  control={control}
                  name="stipend"
                  render={({ field }) => (
                    <NumberInput
                      label={t('market.form.stipend')}
                      min={0}
                      value={field.value ?? ''}
                      onChange={(v) => {
                        field.onChange(v === '' ? undefined : Number(v));
                      }}
                      error={fieldErrorText(t, errors.stipend, WORDING.other)}
                    />
                  )}
                />
              ) : null}
            </Group>
            <Button type="submit" disabled={formState.isSubmitting} w="fit-content" size="md">
              {formState.isSubmitting ? t('market.form.saving') : editId ? t('market.form.save') : t('market.form.submit')}
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}

export default CreateProjectPage;
