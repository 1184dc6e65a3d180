import { Checkbox, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CandidateFilters as Filters } from '../../api/get-candidates';

/** School (typed, searched as it settles), graduation year, minimum score, not yet applied. */
export function CandidateFilters({
  f,
  school,
  onSchool,
  onChange,
}: {
  f: Filters;
  school: string;
  onSchool: (school: string) => void;
  onChange: (patch: Partial<Filters>) => void;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
      <TextInput
        label={t('admin.recruit.school')}
        value={school}
        onChange={(e) => {
          onSchool(e.currentTarget.value);
        }}
        maxLength={100}
      />
      <NumberInput
        label={t('admin.recruit.graduationYear')}
        value={f.graduationYear}
        onChange={(v) => {
          onChange({ graduationYear: typeof v === 'number' ? v : '' });
        }}
        min={1950}
        max={2100}
        allowDecimal={false}
      />
      <NumberInput
        label={t('admin.recruit.minScore')}
        value={f.minScore}
        onChange={(v) => {
          onChange({ minScore: typeof v === 'number' ? Math.max(0, Math.min(100, v)) : 0 });
        }}
        min={0}
        max={100}
        allowDecimal={false}
      />
      <Checkbox
        mt={{ base: 0, md: 30 }}
        label={t('admin.recruit.notApplied')}
        checked={f.notApplied}
        onChange={(e) => {
          onChange({ notApplied: e.currentTarget.checked });
        }}
      />
    </SimpleGrid>
  );
}
