/**
 * A date typed in the UI language's numeric form ("2027/04/08", "08.04.2027 г."), kept as
 * `YYYY-MM-DD`; the placeholder shows the order ("ДД.ММ.ГГГГ г."). See date-entry.ts for why
 * not `<input type="date">`.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateEntry } from './date-entry.ts';
import { ParsedInput, type ParsedInputProps } from './ParsedInput.tsx';

export function DateInput(props: ParsedInputProps) {
  const { t, i18n } = useTranslation();
  const entry = useMemo(() => dateEntry(i18n.language), [i18n.language]);
  const pattern = entry.pattern({
    year: t('dateEntry.year'),
    month: t('dateEntry.month'),
    day: t('dateEntry.day'),
  });
  return (
    <ParsedInput
      inputMode="numeric"
      className="date-input"
      placeholder={pattern}
      title={pattern}
      {...props}
      format={entry.format}
      parse={entry.parse}
    />
  );
}
