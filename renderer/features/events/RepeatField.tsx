/**
 * The Repeat control: a list of presets named after the start date ("Weekly on Friday"), a
 * custom rule, and when it ends; under it, the rule in words. An occurrence shows its series'
 * rule here. Its problem (the rule, or its occurrences up to the horizon: repeat-check.ts) is
 * worded by the control itself, in the UI language; so is a refusal of the replica that came
 * from saving (`caught`), while the rule is the one it was for.
 */
import { useId, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDayFormats } from '../../hooks/use-date-format.ts';
import { Field } from '../../ui/Field.tsx';
import type { EventFormValues } from './event-form.ts';
import { RepeatCustom } from './RepeatCustom.tsx';
import { RepeatEnds } from './RepeatEnds.tsx';
import { seriesProblem, type RepeatBefore } from './repeat-check.ts';
import {
  chooseRepeat,
  presetsFor,
  ruleOf,
  type RepeatChoice,
  type RepeatProblem,
} from './repeat-rule.ts';
import { choiceLabel, ruleSentence } from './rule-sentence.ts';
import { useEditProblem } from './use-edit-problem.ts';

/** A problem the replica found when saving, with the rule it was for. */
export type CaughtProblem = { problem: RepeatProblem; rule: string };

const isDate = (value: string) => /^\d{4}-\d\d-\d\d$/.test(value);

type Props = {
  /** The form was checked (a save was tried), so a problem is shown. */
  checked: boolean;
  /** The form as the editor opened it (undefined for a new event). */
  before: RepeatBefore;
  caught?: CaughtProblem | undefined;
};

export function RepeatField({ checked, before, caught }: Props) {
  const { t } = useTranslation();
  const days = useDayFormats();
  const { repeatText } = useEditProblem();
  const problemId = useId();
  const { control, getValues, setValue } = useFormContext<EventFormValues>();
  const [repeat, startDate, startTime, allDay, timezone, repeatDates] = useWatch({
    control,
    name: ['repeat', 'startDate', 'startTime', 'allDay', 'timezone', 'repeatDates'],
  });
  // While the start date is being retyped, the presets keep the last date there was.
  const [date, setDate] = useState(startDate);
  if (isDate(startDate) && startDate !== date) setDate(startDate);
  if (!isDate(date)) return null;

  const choices: RepeatChoice[] = [...presetsFor(date), 'custom'];
  if (repeat.choice === 'other') choices.push('other');
  const values = { repeat, startDate: date, startTime, allDay, timezone, repeatDates };
  const problem = checked
    ? (seriesProblem(values, before, new Date()) ??
      (caught?.rule === ruleOf(repeat, date) ? caught.problem : undefined))
    : undefined;
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
                aria-describedby={
                  [ids.describedBy, problem && problemId].filter(Boolean).join(' ') || undefined
                }
                aria-invalid={problem ? true : undefined}
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
        <div id={problemId} className="field-problem" role="alert">
          {repeatText(problem)}
        </div>
      )}
    </div>
  );
}
