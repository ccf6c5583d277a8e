/**
 * A custom repeat rule: every N days, weeks, months or years; the weekdays of a weekly rule
 * (in the order of the user's week); a day of the month or an nth weekday for a monthly one.
 */
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDayFormats } from '../../hooks/use-date-format.ts';
import { userFirstDay } from '../../ui/calendar-locale.ts';
import type { EventFormValues } from './event-form.ts';
import { FREQS, POSITIONS, WEEKDAYS, type RepeatForm } from './repeat-rule.ts';
import { nthWord } from './rule-sentence.ts';

const UNITS = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' } as const;
const MONTHLY_BY = { monthDay: 'monthDay', weekday: 'weekday' } as const satisfies Record<
  string,
  RepeatForm['monthlyBy']
>;
const MONTH_DAYS = Array.from({ length: 31 }, (_, index) => String(index + 1));

/** MO…SU from the user's first day of the week (FullCalendar's 0 = Sunday). */
function weekOrder() {
  const first = (userFirstDay(navigator.language) + 6) % 7;
  return [...WEEKDAYS.slice(first), ...WEEKDAYS.slice(0, first)];
}

export function RepeatCustom() {
  const { t } = useTranslation();
  const days = useDayFormats();
  const id = useId();
  const { register, control, setValue } = useFormContext<EventFormValues>();
  // Picking a day, or an nth weekday, chooses that way of repeating monthly.
  const by = (monthlyBy: 'monthDay' | 'weekday') => ({
    onChange: () => setValue('repeat.monthlyBy', monthlyBy),
  });
  const [freq, interval, nthWeekday] = useWatch({
    control,
    name: ['repeat.freq', 'repeat.interval', 'repeat.nthWeekday'],
  });
  const count = Math.max(1, Number(interval) || 1);
  return (
    <div className="repeat-custom">
      <div className="repeat-row">
        <label htmlFor={`${id}-interval`}>{t('repeat.custom.every')}</label>
        <input
          id={`${id}-interval`}
          type="number"
          min={1}
          step={1}
          className="repeat-number"
          {...register('repeat.interval')}
        />
        <select aria-label={t('repeat.custom.freqField')} {...register('repeat.freq')}>
          {FREQS.map((value) => (
            <option key={value} value={value}>
              {t(`repeat.custom.unit.${UNITS[value]}`, { count })}
            </option>
          ))}
        </select>
      </div>

      {freq === 'WEEKLY' && (
        <fieldset className="repeat-weekdays">
          <legend>{t('repeat.custom.on')}</legend>
          {weekOrder().map((code) => (
            <label key={code} className="weekday-toggle" title={days.weekday(code)}>
              <input
                type="checkbox"
                value={code}
                aria-label={days.weekday(code)}
                {...register('repeat.weekdays')}
              />
              <span aria-hidden="true">{days.weekday(code, 'short')}</span>
            </label>
          ))}
        </fieldset>
      )}

      {freq === 'MONTHLY' && (
        <div className="repeat-monthly">
          <div className="repeat-row">
            <label className="check">
              <input type="radio" value={MONTHLY_BY.monthDay} {...register('repeat.monthlyBy')} />
              {t('repeat.custom.monthDay')}
            </label>
            <span className="repeat-controls">
              <select
                aria-label={t('repeat.custom.monthDayField')}
                {...register('repeat.monthDay', by('monthDay'))}
              >
                {MONTH_DAYS.map((day) => (
                  <option key={day} value={day}>
                    {day}
                  </option>
                ))}
              </select>
            </span>
          </div>
          <div className="repeat-row">
            <label className="check">
              <input type="radio" value={MONTHLY_BY.weekday} {...register('repeat.monthlyBy')} />
              {t('repeat.custom.nthWeekday')}
            </label>
            <span className="repeat-controls">
              <select
                aria-label={t('repeat.custom.nthField')}
                {...register('repeat.nth', by('weekday'))}
              >
                {POSITIONS.map((nth) => (
                  <option key={nth} value={nth}>
                    {nthWord(t, nth, nthWeekday)}
                  </option>
                ))}
              </select>
              <select
                aria-label={t('repeat.custom.weekdayField')}
                {...register('repeat.nthWeekday', by('weekday'))}
              >
                {WEEKDAYS.map((code) => (
                  <option key={code} value={code}>
                    {days.weekday(code)}
                  </option>
                ))}
              </select>
            </span>
          </div>
        </div>
      )}
    </div>
  );
}
