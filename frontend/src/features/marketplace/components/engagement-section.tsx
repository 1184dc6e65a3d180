import { useId, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Rating, Stack, Switch, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@mashrou/contracts';
import type { workspace as routes } from '@mashrou/contracts/routes';
import {
  COMPANY_CRITERIA,
  END_REASON_MAX,
  REPORT_REASON_MAX,
  REVIEW_TEXT_MAX,
  WITHDRAW_REASON_MAX,
} from '@mashrou/contracts/values';
import { fieldErrorText } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import { CharCount } from '../../../components/ui/char-count';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { GrowingTextarea } from '../../../components/ui/growing-textarea';
import {
  companyReviewResolver,
  endResolver,
  reportResolver,
  studentReviewResolver,
  withdrawResolver,
} from '../api/form-resolvers';
import {
  certificatePdfUrl,
  useComplete,
  useEndEarly,
  useReportReview,
  useShowRating,
  useWithdrawCertificate,
  useWriteReview,
} from '../api/workspace-changes';
import { Failed } from './failed';

type Workspace = ResponseOf<typeof routes.workspace>;
/** A mark left at no star. */
const PICK = { required: 'workspace.engagement.pickStars' } as const;
type Reviews = NonNullable<Workspace['reviews']>;
type Review = Reviews['shown'][number];

/**
 * How an engagement ends and what follows: the company marks it complete (once every milestone is
 * accepted) or ends it early with a reason; then both sides review each other, each review hidden
 * from the other side until both are in or the window closes; the side a review is about can report it.
 */
export function EngagementSection({ ws }: { ws: Workspace }) {
  const { t } = useTranslation();
  if (!ws.ending) return ws.role === 'company' ? <EndControls ws={ws} /> : null;
  const { ending, reviews } = ws;
  return (
    <Stack gap="sm" data-testid="engagement-ending">
      <Alert color={ending.outcome === 'completed' ? 'teal' : 'gray'} title={t(`workspace.engagement.ended.${ending.outcome}`)}>
        <Text fz="sm">{t('workspace.engagement.endedOn', { date: formatDate(ending.endedAt) })}</Text>
        {ending.reason ? (
          <Text fz="sm" mt={4} dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <strong>{t('workspace.engagement.reason')}</strong> {ending.reason}
          </Text>
        ) : null}
      </Alert>
      {ws.certificate ? <CertificatePart ws={ws} certificate={ws.certificate} /> : null}
      {reviews ? <ReviewsPart ws={ws} reviews={reviews} /> : null}
    </Stack>
  );
}

/**
 * The student's certificate: its PDF in either language, its public page, and whether it shows the
 * company's mark; an admin can withdraw it with a reason (the public page then says so).
 */
function CertificatePart({ ws, certificate }: { ws: Workspace; certificate: NonNullable<Workspace['certificate']> }) {
  const { t } = useTranslation();
  const showRating = useShowRating(ws.applicationId);
  const [withdrawing, setWithdrawing] = useState(false);
  return (
    <Card
      withBorder
      p="sm"
      component="section"
      aria-labelledby={`certificate-${ws.applicationId}`}
      data-testid="certificate-part"
    >
      <Group justify="space-between" align="flex-start">
        <Title order={4} fz="sm" id={`certificate-${ws.applicationId}`}>
          {t('workspace.certificate.title')}
        </Title>
        {certificate.withdrawnAt ? (
          <Badge color="red" variant="light">
            {t('workspace.certificate.withdrawn')}
          </Badge>
        ) : null}
      </Group>
      {certificate.withdrawnAt ? (
        <Text fz="sm" mt={4} dir="auto">
          {t('workspace.certificate.withdrawnOn', { date: formatDate(certificate.withdrawnAt) })} {certificate.withdrawnReason}
        </Text>
      ) : (
        <Text fz="sm" c="dimmed" mt={4}>
          {t('workspace.certificate.intro')}
        </Text>
      )}
      <Group gap="xs" mt="xs">
        <Button component="a" href={certificatePdfUrl(ws.applicationId, 'en')} download size="xs" variant="light" lang="en">
          {t('workspace.certificate.pdfEnglish')}
        </Button>
        <Button component="a" href={certificatePdfUrl(ws.applicationId, 'ar')} download size="xs" variant="light" lang="ar">
          {t('workspace.certificate.pdfArabic')}
        </Button>
        <Anchor component={Link} to={`/verify/${certificate.code}`} fz="sm">
          {t('workspace.certificate.publicPage')}
        </Anchor>
      </Group>
      {ws.role === 'student' ? (
        <Switch
          mt="sm"
          label={t('workspace.certificate.showRating')}
          description={t('workspace.certificate.showRatingHint')}
          checked={certificate.showRating}
          disabled={showRating.isPending}
          onChange={(e) => {
            showRating.mutate(e.currentTarget.checked);
          }}
        />
      ) : null}
      <Failed error={showRating.error} mt="xs" />
      {ws.role === 'admin' && !certificate.withdrawnAt ? (
        withdrawing ? (
          <WithdrawForm
            applicationId={ws.applicationId}
            onDone={() => {
              setWithdrawing(false);
            }}
          />
        ) : (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            mt="xs"
            onClick={() => {
              setWithdrawing(true);
            }}
          >
            {t('workspace.certificate.withdraw')}
          </Button>
        )
      ) : null}
    </Card>
  );
}

/**
 * A form of one reason (why an engagement ends early, a review is reported, a certificate is
 * withdrawn): the text with its count, the button, Cancel, and what went wrong. `onReason` gets the
 * checked text; a confirmation, if any, is the caller's.
 */
function ReasonForm({
  name,
  label,
  hint,
  max,
  resolver,
  submitLabel,
  color,
  busy,
  error,
  onReason,
  onCancel,
}: {
  name: string;
  label: string;
  hint: string;
  max: number;
  resolver: Resolver<{ reason: string }, unknown, { reason: string }>;
  submitLabel: string;
  color?: string;
  busy: boolean;
  error: Error | null;
  onReason: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState, control } = useForm({
    resolver,
    defaultValues: { reason: '' },
    reValidateMode: 'onChange',
  });
  const reason = useWatch({ control, name: 'reason' });
  const send = handleSubmit(({ reason: why }) => {
    onReason(why);
  });
  return (
    <form noValidate aria-label={name} onSubmit={(e) => void send(e)}>
      <Stack gap={6} mt="xs">
        <Failed error={error} />
        <GrowingTextarea
          label={label}
          description={
            <>
              {hint} <CharCount value={reason} max={max} />
            </>
          }
          minRows={2}
          {...register('reason')}
          error={fieldErrorText(t, formState.errors.reason)}
        />
        <Group gap="xs">
          <Button type="submit" size="xs" color={color} disabled={busy}>
            {submitLabel}
          </Button>
          <Button variant="subtle" size="xs" onClick={onCancel}>
            {t('workspace.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function WithdrawForm({ applicationId, onDone }: { applicationId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const withdraw = useWithdrawCertificate(applicationId);
  return (
    <ReasonForm
      name={t('workspace.certificate.withdraw')}
      label={t('workspace.certificate.withdrawReason')}
      hint={t('workspace.certificate.withdrawHint')}
      max={WITHDRAW_REASON_MAX}
      resolver={withdrawResolver}
      submitLabel={t('workspace.certificate.withdraw')}
      color="red"
      busy={withdraw.isPending}
      error={withdraw.error}
      onReason={(reason) => {
        withdraw.mutate(reason, { onSuccess: onDone });
      }}
      onCancel={onDone}
    />
  );
}

/** The company's two ways to end: complete (when every milestone is accepted, confirmed first), or early with a reason. */
function EndControls({ ws }: { ws: Workspace }) {
  const { t } = useTranslation();
  const complete = useComplete(ws.applicationId);
  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState(false);
  if (!ws.milestones.length) return null;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button
          size="xs"
          color="teal"
          disabled={!ws.canComplete || complete.isPending}
          aria-describedby={ws.canComplete ? undefined : `complete-hint-${ws.applicationId}`}
          onClick={() => {
            setConfirming(true);
          }}
        >
          {t('workspace.engagement.complete')}
        </Button>
        {!ending ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => {
              setEnding(true);
            }}
          >
            {t('workspace.engagement.endEarly')}
          </Button>
        ) : null}
      </Group>
      {!ws.canComplete ? (
        <Text fz="xs" c="dimmed" id={`complete-hint-${ws.applicationId}`}>
          {t('workspace.engagement.completeHint')}
        </Text>
      ) : null}
      <Failed error={complete.error} />
      {ending ? (
        <EndEarlyForm
          applicationId={ws.applicationId}
          onCancel={() => {
            setEnding(false);
          }}
        />
      ) : null}
      <ConfirmModal
        opened={confirming}
        title={t('workspace.engagement.completeTitle')}
        confirmLabel={t('workspace.engagement.complete')}
        busy={complete.isPending}
        onCancel={() => {
          setConfirming(false);
        }}
        onConfirm={() => {
          complete.mutate(undefined, {
            onSettled: () => {
              setConfirming(false);
            },
          });
        }}
      >
        {t('workspace.engagement.completeBody', { name: ws.studentName })}
      </ConfirmModal>
    </Stack>
  );
}

/** Ending early: the reason, then a confirmation (it cannot be taken back). */
function EndEarlyForm({ applicationId, onCancel }: { applicationId: string; onCancel: () => void }) {
  const { t } = useTranslation();
  const end = useEndEarly(applicationId);
  const [reason, setReason] = useState<string | null>(null);
  return (
    <>
      <ReasonForm
        name={t('workspace.engagement.endEarly')}
        label={t('workspace.engagement.endReason')}
        hint={t('workspace.engagement.endReasonHint')}
        max={END_REASON_MAX}
        resolver={endResolver}
        submitLabel={t('workspace.engagement.endEarly')}
        color="red"
        busy={end.isPending}
        error={end.error}
        onReason={setReason}
        onCancel={onCancel}
      />
      <ConfirmModal
        opened={reason !== null}
        title={t('workspace.engagement.endTitle')}
        confirmLabel={t('workspace.engagement.endEarly')}
        color="red"
        busy={end.isPending}
        onCancel={() => {
          setReason(null);
        }}
        onConfirm={() => {
          if (reason !== null)
            end.mutate(
              { reason },
              {
                onSettled: () => {
                  setReason(null);
                },
              },
            );
        }}
      >
        {t('workspace.engagement.endBody')}
      </ConfirmModal>
    </>
  );
}

function ReviewsPart({ ws, reviews }: { ws: Workspace; reviews: Reviews }) {
  const { t } = useTranslation();
  const closes = formatDate(reviews.closesAt);
  const { open } = reviews;
  const other = ws.role === 'company' ? ws.studentName : ws.companyName;
  return (
    <Stack gap="xs" component="section" aria-labelledby={`reviews-${ws.applicationId}`}>
      <Title order={4} fz="sm" id={`reviews-${ws.applicationId}`}>
        {t('workspace.engagement.reviews')}
      </Title>
      {ws.role !== 'admin' ? (
        <Text fz="sm" c="dimmed">
          {reviews.canWrite
            ? t('workspace.engagement.writeUntil', { date: closes, name: other })
            : reviews.mine && !reviews.shown.length && open
              ? t('workspace.engagement.waitingForTheirs', { date: closes, name: other })
              : !reviews.mine && !open
                ? t('workspace.engagement.windowClosed')
                : null}
        </Text>
      ) : null}
      {reviews.canWrite ? (
        ws.role === 'company' ? (
          <StudentReviewForm applicationId={ws.applicationId} skills={reviews.skills} />
        ) : (
          <CompanyReviewForm applicationId={ws.applicationId} />
        )
      ) : null}
      {reviews.mine ? <ReviewCard review={reviews.mine} ws={ws} heading={t('workspace.engagement.yourReview')} /> : null}
      {reviews.shown.map((r) => (
        <ReviewCard
          key={r.id}
          review={r}
          ws={ws}
          heading={t(r.author === 'company' ? 'workspace.engagement.byCompany' : 'workspace.engagement.byStudent', {
            name: r.author === 'company' ? ws.companyName : ws.studentName,
          })}
          canReport={ws.role !== 'admin' && r.author !== ws.role && !r.reported}
        />
      ))}
    </Stack>
  );
}

/** A mark out of five, read aloud as words (the stars are a picture of it). */
function Mark({ label, value }: { label: string; value: number }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Text fz="sm" miw={150}>
        {label}
      </Text>
      <Rating value={value} fractions={10} readOnly size="sm" aria-hidden />
      <Text fz="sm" fw={600}>
        {t('market.outOfFive', { value: Math.round(value * 10) / 10 })}
      </Text>
    </Group>
  );
}

function ReviewCard({
  review,
  ws,
  heading,
  canReport = false,
}: {
  review: Review;
  ws: Workspace;
  heading: string;
  canReport?: boolean;
}) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  const criterion = (k: string) =>
    review.author === 'student' ? t(`workspace.engagement.criteria.${k as (typeof COMPANY_CRITERIA)[number]}`) : k;
  return (
    <Card withBorder p="sm" data-testid="peer-review">
      <Group justify="space-between" align="flex-start">
        <Text fz="sm" fw={600}>
          {heading}
        </Text>
        <Group gap={4}>
          {review.hidden ? (
            <Badge color="gray" variant="light">
              {t('workspace.engagement.hidden')}
            </Badge>
          ) : null}
          {review.reported ? (
            <Badge color="orange" variant="light">
              {t('workspace.engagement.reported')}
            </Badge>
          ) : null}
        </Group>
      </Group>
      <Stack gap={2} mt={4}>
        {review.author === 'company' ? <Mark label={t('workspace.engagement.overall')} value={review.overall} /> : null}
        {Object.entries(review.scores).map(([k, v]) => (
          <Mark key={k} label={criterion(k)} value={v} />
        ))}
        {review.author === 'student' ? <Mark label={t('workspace.engagement.overall')} value={review.overall} /> : null}
      </Stack>
      {review.text ? (
        <Text fz="sm" mt="xs" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {review.text}
        </Text>
      ) : null}
      {canReport && !reporting ? (
        <Button
          variant="subtle"
          color="gray"
          size="xs"
          mt="xs"
          w="fit-content"
          onClick={() => {
            setReporting(true);
          }}
        >
          {t('workspace.engagement.report')}
        </Button>
      ) : null}
      {canReport && reporting ? (
        <ReportForm
          applicationId={ws.applicationId}
          reviewId={review.id}
          onDone={() => {
            setReporting(false);
          }}
        />
      ) : null}
    </Card>
  );
}

function ReportForm({ applicationId, reviewId, onDone }: { applicationId: string; reviewId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const report = useReportReview(applicationId);
  return (
    <ReasonForm
      name={t('workspace.engagement.report')}
      label={t('workspace.engagement.reportReason')}
      hint={t('workspace.engagement.reportHint')}
      max={REPORT_REASON_MAX}
      resolver={reportResolver}
      submitLabel={t('workspace.engagement.sendReport')}
      busy={report.isPending}
      error={report.error}
      onReason={(reason) => {
        report.mutate({ reviewId, body: { reason } }, { onSuccess: onDone });
      }}
      onCancel={onDone}
    />
  );
}

/** A 1–5 mark picked with stars (arrow keys move between them), in a group named by its legend. */
function StarsField<T extends FieldValues>({
  control,
  name,
  label,
  error,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const legend = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div role="group" aria-labelledby={legend}>
          <Group gap="sm" wrap="nowrap">
            <Text id={legend} fz="sm" miw={150}>
              {label}
            </Text>
            <Rating
              name={`${name}-${legend}`}
              value={Number(field.value) || 0}
              onChange={field.onChange}
              getSymbolLabel={(v) => t('workspace.engagement.stars', { count: v })}
            />
          </Group>
          {error ? (
            <Text fz="xs" c="red.8" role="alert">
              {error}
            </Text>
          ) : null}
        </div>
      )}
    />
  );
}

function ReviewText({ field, value, error }: { field: UseFormRegisterReturn<'text'>; value: string; error?: string }) {
  const { t } = useTranslation();
  return (
    <GrowingTextarea
      label={t('workspace.engagement.reviewText')}
      description={<CharCount value={value} max={REVIEW_TEXT_MAX} />}
      minRows={2}
      {...field}
      error={error}
    />
  );
}

/** A company's review of its student: overall and each skill the project listed. */
function StudentReviewForm({ applicationId, skills }: { applicationId: string; skills: string[] }) {
  const { t } = useTranslation();
  const write = useWriteReview(applicationId);
  const { register, handleSubmit, formState, control } = useForm({
    resolver: studentReviewResolver,
    // The marks by the skills' order (a skill's name may hold a dot, which a field's path cannot).
    defaultValues: { overall: 0, skillMarks: skills.map(() => 0), text: '' },
  });
  const text = useWatch({ control, name: 'text' });
  const send = handleSubmit(({ overall, skillMarks, text: body }) => {
    write.mutate({ overall, skills: Object.fromEntries(skills.map((s, i) => [s, skillMarks[i] ?? 0])), text: body });
  });
  return (
    <form noValidate aria-label={t('workspace.engagement.writeReview')} onSubmit={(e) => void send(e)}>
      <Stack gap={6}>
        <Failed error={write.error} />
        <StarsField
          control={control}
          name="overall"
          label={t('workspace.engagement.overall')}
          error={fieldErrorText(t, formState.errors.overall, PICK)}
        />
        {skills.map((s, i) => (
          <StarsField
            key={s}
            control={control}
            name={`skillMarks.${i}`}
            label={s}
            error={fieldErrorText(t, formState.errors.skillMarks?.[i], PICK)}
          />
        ))}
        <ReviewText field={register('text')} value={text ?? ''} error={fieldErrorText(t, formState.errors.text)} />
        <Button type="submit" size="xs" w="fit-content" disabled={write.isPending}>
          {t('workspace.engagement.sendReview')}
        </Button>
      </Stack>
    </form>
  );
}

/** A student's review of the company: a clear brief, communication, respect of time. */
function CompanyReviewForm({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const write = useWriteReview(applicationId);
  const { register, handleSubmit, formState, control } = useForm({
    resolver: companyReviewResolver,
    defaultValues: { clearBrief: 0, communication: 0, respectOfTime: 0, text: '' },
  });
  const text = useWatch({ control, name: 'text' });
  const send = handleSubmit((body) => {
    write.mutate(body);
  });
  return (
    <form noValidate aria-label={t('workspace.engagement.writeReview')} onSubmit={(e) => void send(e)}>
      <Stack gap={6}>
        <Failed error={write.error} />
        {COMPANY_CRITERIA.map((c) => (
          <StarsField
            key={c}
            control={control}
            name={c}
            label={t(`workspace.engagement.criteria.${c}`)}
            error={fieldErrorText(t, formState.errors[c], PICK)}
          />
        ))}
        <ReviewText field={register('text')} value={text ?? ''} error={fieldErrorText(t, formState.errors.text)} />
        <Button type="submit" size="xs" w="fit-content" disabled={write.isPending}>
          {t('workspace.engagement.sendReview')}
        </Button>
      </Stack>
    </form>
  );
}
