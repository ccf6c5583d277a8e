/**
 * The event editor's main column: title, when (all day, start, end, time zone, repeat),
 * description and excerpt. Texts are edited in one content language, with the default language's text
 * alongside when another is being edited. Inputs of per-language texts are keyed by language:
 * they are uncontrolled, and a new language must start from that language's value.
 */
import { useRef } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_ENDONYMS, type Language } from '#shared/languages.ts';
import type { FieldProblems } from '../../forms/field-problems.ts';
import { DateInput } from '../../ui/DateInput.tsx';
import { Field } from '../../ui/Field.tsx';
import { RichTextEditor } from '../../ui/RichTextEditor.tsx';
import { TimeInput } from '../../ui/TimeInput.tsx';
import { TimeZonePicker } from '../../ui/TimeZonePicker.tsx';
import type { EventFormValues } from './event-form.ts';
import { endKeepingLength } from './event-span.ts';
import type { RepeatBefore } from './repeat-check.ts';
import { RepeatField, type CaughtProblem } from './RepeatField.tsx';
import { useOtherZoneNote } from './use-other-zone-note.ts';

type Props = {
  language: Language;
  defaultLanguage: Language;
  problems: FieldProblems;
  /** For the Repeat control: the form as opened (none for a new event), a refusal on saving. */
  repeat: { before: RepeatBefore; caught: CaughtProblem | undefined };
};

function Alongside({ text, language }: { text: string | undefined; language: Language }) {
  if (!text) return null;
  return (
    <span className="alongside">
      {LANGUAGE_ENDONYMS[language]}: <span lang={language}>{text.replace(/<[^>]+>/g, ' ')}</span>
    </span>
  );
}

export function EventMainFields({ language, defaultLanguage, problems, repeat }: Props) {
  const { t } = useTranslation();
  const { register, control, getValues, setValue } = useFormContext<EventFormValues>();
  // Moving the start moves the end with it: the event keeps its length (event-span.ts). A date
  // typed key by key passes through unreadable text ("2027-04-0"): the length is the one the
  // times had when last readable.
  const lastReadable = useRef<EventFormValues | undefined>(undefined);
  const moveStart = (name: 'startDate' | 'startTime', value: string) => {
    const now = getValues();
    if (endKeepingLength(now, now)) lastReadable.current = now;
    const before = lastReadable.current ?? now;
    setValue(name, value, { shouldDirty: true });
    const end = endKeepingLength(before, { ...now, [name]: value });
    if (!end) return;
    setValue('endDate', end.endDate, { shouldDirty: true });
    if (!before.allDay) setValue('endTime', end.endTime, { shouldDirty: true });
  };
  // Dates and times typed in the UI language (DateInput, TimeInput); what cannot be read is
  // kept as typed, so the form's check names the field instead of saving the value before.
  const typed = (
    name: 'startDate' | 'startTime' | 'endDate' | 'endTime',
    Input: typeof DateInput | typeof TimeInput,
    props: { id?: string; 'aria-describedby'?: string | undefined; 'aria-label'?: string },
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Input
          {...props}
          ref={field.ref}
          name={field.name}
          value={field.value}
          invalid="typed"
          onBlur={field.onBlur}
          onChange={(value) =>
            name === 'startDate' || name === 'startTime'
              ? moveStart(name, value)
              : field.onChange(value)
          }
        />
      )}
    />
  );
  const [allDay, title, description, excerpt, zone, startDate, startTime] = useWatch({
    control,
    name: ['allDay', 'title', 'description', 'excerpt', 'timezone', 'startDate', 'startTime'],
  });
  const zoneNote = useOtherZoneNote({ zone, startDate, startTime, allDay });
  const other = language !== defaultLanguage;
  return (
    <div className="editor-main">
      <Field
        label={t('field.title')}
        problem={problems.title}
        hint={other && <Alongside text={title[defaultLanguage]} language={defaultLanguage} />}
      >
        {(ids) => (
          <input
            key={language}
            id={ids.id}
            lang={language}
            className="title-input"
            // The dialog opens on the title: the field most edits start with.
            data-autofocus
            aria-describedby={ids.describedBy}
            aria-invalid={ids.invalid || undefined}
            {...register(`title.${language}`)}
          />
        )}
      </Field>

      <fieldset className="when">
        <legend>{t('editor.when')}</legend>
        <label className="check">
          <input type="checkbox" {...register('allDay')} />
          {t('field.allDay')}
        </label>
        <div className="when-row">
          <Field label={t('field.start')} problem={problems.startDate ?? problems.startTime}>
            {(ids) => (
              <span className="date-time">
                {typed('startDate', DateInput, { id: ids.id, 'aria-describedby': ids.describedBy })}
                {!allDay && typed('startTime', TimeInput, { 'aria-label': t('editor.startTime') })}
              </span>
            )}
          </Field>
          <Field label={t('field.end')} problem={problems.endDate ?? problems.endTime}>
            {(ids) => (
              <span className="date-time">
                {typed('endDate', DateInput, { id: ids.id, 'aria-describedby': ids.describedBy })}
                {!allDay && typed('endTime', TimeInput, { 'aria-label': t('editor.endTime') })}
              </span>
            )}
          </Field>
          <Field label={t('field.timezone')} problem={problems.timezone} hint={zoneNote}>
            {(ids) => (
              <Controller
                control={control}
                name="timezone"
                render={({ field }) => (
                  <TimeZonePicker ids={ids} value={field.value} onChange={field.onChange} />
                )}
              />
            )}
          </Field>
        </div>
        <RepeatField checked={Boolean(problems.repeat)} {...repeat} />
      </fieldset>

      <Field
        label={t('field.description')}
        problem={problems.description}
        hint={other && <Alongside text={description[defaultLanguage]} language={defaultLanguage} />}
      >
        {(ids) => (
          <Controller
            control={control}
            name={`description.${language}`}
            render={({ field }) => (
              <RichTextEditor
                ids={ids}
                lang={language}
                value={field.value ?? ''}
                onChange={field.onChange}
              />
            )}
          />
        )}
      </Field>

      <Field
        label={t('field.excerpt')}
        problem={problems.excerpt}
        hint={other && <Alongside text={excerpt[defaultLanguage]} language={defaultLanguage} />}
      >
        {(ids) => (
          <textarea
            key={language}
            id={ids.id}
            lang={language}
            rows={2}
            aria-describedby={ids.describedBy}
            {...register(`excerpt.${language}`)}
          />
        )}
      </Field>
    </div>
  );
}
