/** When a repeating event ends: never, on a date (its last day), or after a number of times. */
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../ui/DateInput.tsx';
import type { EventFormValues } from './event-form.ts';
import type { RepeatForm } from './repeat-rule.ts';

const ENDS = { never: 'never', until: 'until', count: 'count' } as const satisfies Record<
  string,
  RepeatForm['ends']
>;

export function RepeatEnds() {
  const { t } = useTranslation();
  const { register, control, setValue } = useFormContext<EventFormValues>();
  // Typing a date or a number chooses that end.
  const choose = (ends: 'until' | 'count') => () => setValue('repeat.ends', ends);
  const count = useWatch({ control, name: 'repeat.count' });
  return (
    <fieldset className="repeat-ends">
      <legend>{t('repeat.ends.label')}</legend>
      <label className="check repeat-never">
        <input type="radio" value={ENDS.never} {...register('repeat.ends')} />
        {t('repeat.ends.never')}
      </label>
      <div className="repeat-row">
        <label className="check">
          <input type="radio" value={ENDS.until} {...register('repeat.ends')} />
          {t('repeat.ends.until')}
        </label>
        <span className="repeat-controls">
          <Controller
            control={control}
            name="repeat.until"
            render={({ field }) => (
              <DateInput
                ref={field.ref}
                name={field.name}
                aria-label={t('repeat.ends.untilField')}
                value={field.value}
                invalid="typed"
                onBlur={field.onBlur}
                onChange={(value) => {
                  field.onChange(value);
                  choose('until')();
                }}
              />
            )}
          />
        </span>
      </div>
      <div className="repeat-row">
        <label className="check">
          <input type="radio" value={ENDS.count} {...register('repeat.ends')} />
          {t('repeat.ends.count')}
        </label>
        <span className="repeat-controls">
          <input
            type="number"
            min={1}
            step={1}
            className="repeat-number"
            aria-label={t('repeat.ends.countField')}
            {...register('repeat.count', { onChange: choose('count') })}
          />
          <span>{t('repeat.ends.times', { count: Math.max(1, Number(count) || 1) })}</span>
        </span>
      </div>
    </fieldset>
  );
}
