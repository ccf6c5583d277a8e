/**
 * A time of day typed in the UI language ("19:30", "午後7:30", "7:30 PM"), kept as `HH:MM`, on
 * the clock the calendar's views use (hour12In: the user's region, in the language's words).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { hour12In } from './calendar-locale.ts';
import { timeEntry } from './date-entry.ts';
import { ParsedInput, type ParsedInputProps } from './ParsedInput.tsx';

export function TimeInput(props: ParsedInputProps) {
  const { i18n } = useTranslation();
  const entry = useMemo(
    () => timeEntry(i18n.language, hour12In(i18n.language, navigator.language)),
    [i18n.language],
  );
  const example = entry.format('19:30');
  return (
    <ParsedInput
      className="time-input"
      placeholder={example}
      {...props}
      format={entry.format}
      parse={entry.parse}
    />
  );
}
