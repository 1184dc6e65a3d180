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
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError, get } from '../../../lib/api-client';
import { useOnboardingOptions } from '../../onboarding/api/onboarding';
import { createProject, updateProject, type Project, type ProjectInput } from '../api/marketplace';

const lines = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

const schema = z
  .object({
    title: z.string().trim().min(3, 'title').max(120, 'title'),
    description: z.string().trim().min(20, 'description').max(5000),
    skills: z.array(z.string()).max(20),
    requirements: z.string(),
    responsibilities: z.string(),
    qualifications: z.string(),
    durationWeeks: z.number().int().min(1).max(104),
    weeklyHours: z.number().int().min(1).max(60),
    workMode: z.enum(['remote', 'onsite', 'hybrid']),
    location: z.string().max(120),
    startDate: z.string(),
    deadline: z.string(),
    paid: z.boolean(),
    stipend: z.number().int().min(0).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.workMode !== 'remote' && !v.location.trim()) ctx.addIssue({ code: 'custom', path: ['location'], message: 'location' });
    if (v.startDate && v.deadline && v.deadline > v.startDate)
      ctx.addIssue({ code: 'custom', path: ['deadline'], message: 'deadline' });
  });
type Values = z.infer<typeof schema>;

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

const toInput = (v: Values): ProjectInput => ({
  title: v.title.trim(),
  description: v.description.trim(),
  skills: v.skills,
  requirements: lines(v.requirements),
  responsibilities: lines(v.responsibilities),
  qualifications: lines(v.qualifications),
  durationWeeks: v.durationWeeks,
  weeklyHours: v.weeklyHours,
  workMode: v.workMode,
  location: v.location.trim() || undefined,
  startDate: v.startDate || undefined,
  deadline: v.deadline || undefined,
  paid: v.paid,
  stipend: v.paid && v.stipend ? v.stipend : undefined,
});

/** Create Project, and edit (`?edit=<id>`) while pending or rejected. */
export function CreateProjectPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const options = useOnboardingOptions();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: toValues() });
  const { register, control, handleSubmit, formState, watch, reset } = form;

  useEffect(() => {
    if (editId)
      void get<Project>(`/projects/${editId}`).then(
        (p) => reset(toValues(p)),
        () => setError(t('common.loadFailed')),
      );
  }, [editId, reset, t]);

  const msg = (k?: string) => (k ? t(`market.form.errors.${k}`, { defaultValue: t('market.form.errors.generic') }) : undefined);
  const onSubmit = handleSubmit(async (v) => {
    setError(null);
    try {
      const saved = editId ? await updateProject(editId, toInput(v)) : await createProject(toInput(v));
      await qc.invalidateQueries({ queryKey: ['projects'] });
      setDone(saved.id);
      if (!editId) reset(toValues());
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('common.loadFailed'));
    }
  });
  const paid = watch('paid');
  const mode = watch('workMode');

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
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <TextInput
              label={t('market.form.title')}
              required
              {...register('title')}
              error={msg(formState.errors.title?.message)}
            />
            <Textarea
              label={t('market.form.description')}
              description={t('market.form.descriptionHint')}
              required
              autosize
              minRows={4}
              {...register('description')}
              error={msg(formState.errors.description?.message)}
            />
            <Controller
              control={control}
              name="skills"
              render={({ field }) => (
                <TagsInput
                  label={t('market.form.skills')}
                  description={t('market.form.skillsHint')}
                  data={options.data?.suggestedSkills ?? []}
                  value={field.value}
                  onChange={field.onChange}
                  maxTags={20}
                  clearable
                />
              )}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Textarea
                label={t('market.form.requirements')}
                description={t('market.form.listHint')}
                autosize
                minRows={3}
                {...register('requirements')}
              />
              <Textarea
                label={t('market.form.responsibilities')}
                description={t('market.form.listHint')}
                autosize
                minRows={3}
                {...register('responsibilities')}
              />
              <Textarea
                label={t('market.form.qualifications')}
                description={t('market.form.listHint')}
                autosize
                minRows={3}
                {...register('qualifications')}
              />
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
                    onChange={(v) => field.onChange(Number(v) || 1)}
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
                    onChange={(v) => field.onChange(Number(v) || 1)}
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
                    data={(['remote', 'onsite', 'hybrid'] as const).map((m) => ({ value: m, label: t(`market.mode.${m}`) }))}
                  />
                )}
              />
            </Stack>
            {mode !== 'remote' ? (
              <TextInput
                label={t('market.form.location')}
                required
                {...register('location')}
                error={msg(formState.errors.location?.message)}
              />
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput type="date" label={t('market.form.startDate')} {...register('startDate')} />
              <TextInput
                type="date"
                label={t('market.form.deadline')}
                {...register('deadline')}
                error={msg(formState.errors.deadline?.message)}
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
                    onChange={(e) => field.onChange(e.currentTarget.checked)}
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
                      onChange={(v) => field.onChange(v === '' ? undefined : Number(v))}
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
