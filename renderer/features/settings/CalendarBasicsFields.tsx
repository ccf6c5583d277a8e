/**
 * What a calendar is set to before anything else: its default content language, its time zone
 * and its currency. The welcome asks for them on a new calendar; the settings card changes them.
 */
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/languages.ts';
import type { Currency } from '#shared/text/cost.ts';
import type { FieldProblem } from '../../forms/field-problems.ts';
import { Field } from '../../ui/Field.tsx';
import { LanguageSelect } from '../../ui/LanguageSelect.tsx';
import { TimeZonePicker } from '../../ui/TimeZonePicker.tsx';
import { CurrencyFields } from './CurrencyFields.tsx';

export type CalendarBasics = { defaultLanguage: Language; timezone: string; currency: Currency };

type Props = {
  value: CalendarBasics;
  onChange: (change: Partial<CalendarBasics>) => void;
  /** A note under a field (e.g. "a start flag sets this"), in place of its usual hint. */
  notes?: Partial<Record<'defaultLanguage' | 'timezone', string>>;
  /** Whether the zone's search names several zones, none of them chosen yet. */
  onZoneUnresolved?: (unresolved: boolean) => void;
  /** The zone's problem, said under its field. */
  zoneProblem?: FieldProblem | undefined;
};

export function CalendarBasicsFields({
  value,
  onChange,
  notes = {},
  onZoneUnresolved,
  zoneProblem,
}: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('summary.defaultLanguage')} hint={notes.defaultLanguage}>
        {(ids) => (
          <LanguageSelect
            id={ids.id}
            describedBy={ids.describedBy}
            value={value.defaultLanguage}
            onChange={(defaultLanguage) => onChange({ defaultLanguage })}
          />
        )}
      </Field>
      <Field
        label={t('summary.timezone')}
        hint={notes.timezone ?? t('settings.timezoneHint')}
        problem={zoneProblem}
      >
        {(ids) => (
          <TimeZonePicker
            ids={ids}
            value={value.timezone}
            onChange={(timezone) => onChange({ timezone })}
            {...(onZoneUnresolved && { onUnresolved: onZoneUnresolved })}
          />
        )}
      </Field>
      <CurrencyFields value={value.currency} onChange={(currency) => onChange({ currency })} />
    </>
  );
}
