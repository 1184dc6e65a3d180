import { Alert, Button, Card, Group, Text, TextInput } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { Project } from '@mashrou/contracts';
import { ProjectMeta } from '../../../components/ui/project-meta';
import { errorText } from '../../../lib/error-messages';
import { fieldErrorText } from '../../../lib/form-errors';
import { ReviewFormSchema, useReviewProject } from '../api/review-project';

/** A project awaiting review: approve it, or reject it with a reason (the reason is required to reject). */
export function PendingProject({ p }: { p: Project }) {
  const { t } = useTranslation();
  const review = useReviewProject(p.id);
  const { register, control, handleSubmit, setValue, formState } = useForm({
    resolver: zodResolver(ReviewFormSchema),
    defaultValues: { decision: 'approve' as const, reason: '', version: p.version },
  });
  const reason = useWatch({ control, name: 'reason' });

  // Not a <form>: Enter in the reason must not approve.
  const decide = (decision: 'approve' | 'reject') => {
    review.reset();
    setValue('decision', decision);
    // The version on screen: a newer one (the company edited meanwhile) is refused and shown.
    setValue('version', p.version);
    void handleSubmit((body) => {
      review.mutate(body);
    })();
  };

  const error = fieldErrorText(t, formState.errors.reason) ?? (review.error ? errorText(review.error, t) : null);

  return (
    <Card withBorder radius="md" padding="md" data-testid="pending-project">
      <Text fw={700}>{p.title}</Text>
      <Text fz="sm" c="dimmed" mb={6}>
        {t('market.admin.by', { company: p.companyName })}
      </Text>
      <ProjectMeta p={p} />
      <Text dir="auto" fz="sm" mt="xs" lineClamp={4} style={{ whiteSpace: 'pre-wrap' }}>
        {p.description}
      </Text>
      {error ? (
        <Alert color="red" mt="xs">
          {error}
        </Alert>
      ) : null}
      <Group align="flex-end" mt="sm">
        <Button
          onClick={() => {
            decide('approve');
          }}
        >
          {t('market.admin.approve')}
        </Button>
        <TextInput label={t('market.admin.reason')} maxLength={1000} style={{ flex: 1, minWidth: 200 }} {...register('reason')} />
        <Button
          color="red"
          variant="light"
          disabled={!reason.trim()}
          onClick={() => {
            decide('reject');
          }}
        >
          {t('market.admin.reject')}
        </Button>
      </Group>
    </Card>
  );
}
