import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Reason } from '@mashrou/contracts';
import { formatDate } from '../../../../lib/format';
import { useSkillLabel } from '../../../../lib/onboarding-options';

/** Why a score is what it is: each reason is data (a code and values) worded here. */
export function Reasons({ reasons }: { reasons: Reason[] }) {
  const { t } = useTranslation();
  const skillLabel = useSkillLabel();
  const word = (r: Reason) => {
    const { code, ...params } = r;
    const values: Record<string, unknown> = { ...params };
    if ('status' in params) values.status = t(`market.applicationStatus.${params.status}`);
    if ('date' in params) values.date = formatDate(params.date);
    // The matched skills come as one list ("data analysis, sql"): each in the reader's words.
    if ('skills' in params) values.skills = params.skills.split(', ').map(skillLabel).join(t('admin.recruit.listSeparator'));
    const count = 'wanted' in params ? params.wanted : 'completed' in params ? params.completed : undefined;
    return t(`admin.recruit.reasons.${code}`, { ...values, count });
  };
  return (
    <Group gap={6}>
      {reasons.map((r) => (
        <Badge key={r.code} variant="outline" color="gray" tt="none" fw={500}>
          {word(r)}
        </Badge>
      ))}
    </Group>
  );
}
