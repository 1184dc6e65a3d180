import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AdminEditProjectBody, CloseProjectBody, ReopenProjectBody, type AdminProject } from '@mashrou/contracts';
import { errorText } from '../../../lib/error-messages';
import { fieldErrorText } from '../../../lib/form-errors';
import { closingInstant } from '../../../lib/format';
import { useModerateProject, type ModerationAction } from '../api/moderate-projects';
import { GrowingTextarea } from '../../../components/ui/growing-textarea';

export type ModerationKind = ModerationAction['kind'];

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const LIST_FIELDS = ['requirements', 'responsibilities', 'qualifications'] as const;
/** A failed check's message codes by field (the first path segment; the form-level refinement is the reason's). */
const issuesOf = (e: z.ZodError) => Object.fromEntries(e.issues.map((i) => [String(i.path[0] ?? 'title'), i.message]));

/** The listing's wording an admin may correct, as the form holds it (lists one item per line). */
const editable = (p: AdminProject) => ({
  title: p.title,
  description: p.description,
  location: p.location ?? '',
  requirements: p.requirements.join('\n'),
  responsibilities: p.responsibilities.join('\n'),
  qualifications: p.qualifications.join('\n'),
});

/**
 * Close, reopen or correct a project, with the reason its company is told: the form checks the
 * reason (and a correction's fields) with the contract's schema before it is sent.
 */
export function ModerationModal({ p, kind, onClose }: { p: AdminProject; kind: ModerationKind | null; onClose: () => void }) {
  const { t } = useTranslation();
  const moderate = useModerateProject(p.id);
  const [reason, setReason] = useState('');
  const [deadline, setDeadline] = useState('');
  const [fields, setFields] = useState(() => editable(p));
  // The company edited it meanwhile (a correction was refused as \`project-changed\`): start over from the new text.
  const [shownVersion, setShownVersion] = useState(p.version);
  if (shownVersion !== p.version) {
    setShownVersion(p.version);
    setFields(editable(p));
  }
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [openedAt] = useState(() => Date.now());
  const deadlinePassed = p.deadline !== undefined && closingInstant(p.deadline) <= openedAt;

  const body = (): ModerationAction | { issues: Record<string, string> } => {
    if (kind === 'close') {
      const r = CloseProjectBody.safeParse({ reason });
      return r.success ? { kind, body: r.data } : { issues: issuesOf(r.error) };
    }
    if (kind === 'reopen') {
      const r = ReopenProjectBody.safeParse({ reason, ...(deadline ? { deadline } : {}) });
      return r.success ? { kind, body: r.data } : { issues: issuesOf(r.error) };
    }
    const original = editable(p);
    const changed: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(fields) as [keyof typeof fields, string][]) {
      if (v === original[k]) continue;
      changed[k] = (LIST_FIELDS as readonly string[]).includes(k) ? lines(v) : v.trim();
    }
    const r = AdminEditProjectBody.safeParse({ ...changed, reason, version: p.version });
    if (r.success) return { kind: 'edit', body: r.data };
    return { issues: Object.keys(changed).length ? issuesOf(r.error) : { ...issuesOf(r.error), title: 'nothing-to-change' } };
  };

  const submit = () => {
    moderate.reset();
    const b = body();
    if ('issues' in b) {
      setErrors(b.issues);
      return;
    }
    setErrors({});
    moderate.mutate(b, { onSuccess: onClose });
  };
  const err = (name: string) => fieldErrorText(t, errors[name] ? { message: errors[name] } : undefined);
  const field = (name: keyof typeof fields) => ({
    value: fields[name],
    error: err(name),
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setFields((f) => ({ ...f, [name]: value }));
      setErrors((es) => ({ ...es, [name]: undefined }));
    },
  });

  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={kind ? t(`admin.projects.${kind}.title`) : ''}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size={kind === 'edit' ? 'lg' : 'md'}
      centered
    >
      {kind ? (
        <Stack>
          <Text fz="sm">{t(`admin.projects.${kind}.body`, { project: p.title, company: p.companyName })}</Text>
          {kind === 'edit' ? (
            <>
              <TextInput label={t('market.form.title')} maxLength={120} {...field('title')} />
              <GrowingTextarea label={t('market.form.description')} minRows={4} maxRows={12} {...field('description')} />
              {p.workMode !== 'remote' ? <TextInput label={t('market.form.location')} {...field('location')} /> : null}
              {LIST_FIELDS.map((name) => (
                <GrowingTextarea
                  key={name}
                  label={t(`market.form.${name}`)}
                  description={t('admin.projects.onePerLine')}
                  minRows={2}
                  {...field(name)}
                />
              ))}
            </>
          ) : null}
          {kind === 'reopen' && p.closedBy === 'company' ? (
            <Alert color="yellow">{t('admin.projects.companyClosedIt')}</Alert>
          ) : null}
          {kind === 'reopen' ? (
            <TextInput
              type="date"
              label={t('admin.projects.reopen.deadline')}
              description={deadlinePassed ? t('admin.projects.reopen.deadlinePassed') : t('admin.projects.reopen.deadlineKeep')}
              value={deadline}
              required={deadlinePassed}
              error={err('deadline')}
              onChange={(e) => {
                setDeadline(e.currentTarget.value);
                setErrors((es) => ({ ...es, deadline: undefined }));
              }}
            />
          ) : null}
          <GrowingTextarea
            label={t('admin.projects.reason')}
            description={t('admin.projects.reasonHint')}
            required
            minRows={2}
            maxLength={1000}
            value={reason}
            error={err('reason')}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setErrors((es) => ({ ...es, reason: undefined }));
            }}
          />
          {moderate.error ? <Alert color="red">{errorText(moderate.error, t)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button color={kind === 'close' ? 'red' : undefined} loading={moderate.isPending} onClick={submit}>
              {t(`admin.projects.${kind}.ok`)}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
