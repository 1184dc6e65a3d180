import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';

/**
 * A text field's description with how much of its limit is used ("120 / 3000"), so nothing is cut
 * silently: the field takes more, the count turns red, and the form's schema refuses it.
 */
export function CharCount({ value, max, hint }: { value: string | undefined; max: number; hint?: string }) {
  const { t } = useTranslation();
  const length = value?.length ?? 0;
  return (
    <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
      <span>{hint}</span>
      <span
        style={{ whiteSpace: 'nowrap', color: length > max ? 'var(--mantine-color-error)' : undefined }}
        data-testid="char-count"
      >
        {t('forms.count', { n: formatNumber(length), max: formatNumber(max) })}
      </span>
    </span>
  );
}
