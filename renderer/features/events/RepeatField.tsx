/**
 * The Repeat control: a list of presets named after the start date ("Weekly on Friday"), a
 * custom rule, and when it ends; under it, the rule in words. An occurrence shows its series'
 * rule here. Its problem (from the shared rule check) is worded by the control itself.
 */
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDayFormats } from '../../hooks/use-date-format.ts';
import { Field } from '../../ui/Field.tsx';
import type { EventFormValues } from './event-form.ts';
import { RepeatCustom } from './RepeatCustom.tsx';
import { RepeatEnds } from './RepeatEnds.tsx';
import { chooseRepeat, presetsFor, repeatProblem, type RepeatChoice } from './repeat-rule.ts';
import { choiceLabel, ruleSentence } from './rule-sentence.ts';

const isDate = (value: string) => /^\d{4}-\d\d-\d\d$/.test(value);

/** `checked`: the form was checked (a save was tried), so a problem is shown. */
export function RepeatField({ checked }: { checked: boolean }) {
  const { t } = useTranslation();
  const days = useDayFormats();
  const { control, getValues, setValue } = useFormContext<EventFormValues>();
  const [repeat, startDate] = useWatch({ control, name: ['repeat', 'startDate'] });
  // While the start date is being retyped, the presets keep the last date there was.
  const [date, setDate] = useState(startDate);
  if (isDate(startDate) && startDate !== date) setDate(startDate);
  if (!isDate(date)) return null;

  const choices: RepeatChoice[] = [...presetsFor(date), 'custom'];
  if (repeat.choice === 'other') choices.push('other');
  const problem = checked ? repeatProblem(repeat, date) : undefined;
  const repeats = repeat.choice !== 'none';
  return (
    <div className="repeat">
      <Field label={t('repeat.label')} hint={ruleSentence(repeat, date, t, days) || undefined}>
        {(ids) => (
          <Controller
            control={control}
            name="repeat.choice"
            render={({ field }) => (
              <select
                id={ids.id}
                ref={field.ref}
                aria-describedby={ids.describedBy}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) =>
                  setValue(
                    'repeat',
                    chooseRepeat(getValues('repeat'), event.target.value as RepeatChoice, date),
                    { shouldDirty: true },
                  )
                }
              >
                {choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {choiceLabel(choice, date, t, days)}
                  </option>
                ))}
              </select>
            )}
          />
        )}
      </Field>
      {repeat.choice === 'custom' && <RepeatCustom />}
      {repeats && repeat.choice !== 'other' && <RepeatEnds />}
      {problem && (
        <div className="field-problem" role="alert">
          {t(problem.key, problem.values ?? { detail: '' })}
        </div>
      )}
    </div>
  );
}
