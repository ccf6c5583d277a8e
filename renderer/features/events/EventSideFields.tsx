/**
 * The event editor's side column: publishing (status, password, slug), where and who (venue,
 * organizers), filing (categories, tags), details (cost, website, image) and display flags.
 */
import { Fragment } from 'react';
import { Controller, useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EVENT_FLAGS } from '#shared/kinds/event-flags.ts';
import type { Language } from '#shared/languages.ts';
import { UNTRASHED_STATUSES } from '#shared/schemas/common.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { toSlug } from '#shared/text/slug.ts';
import { useScheduledLabel } from '../../hooks/use-scheduled-label.ts';
import { useRecord } from '../../data/hooks.ts';
import type { FieldProblems } from '../../forms/field-problems.ts';
import { Field } from '../../ui/Field.tsx';
import { RecordPicker } from '../../ui/RecordPicker.tsx';
import { CostField } from './CostField.tsx';
import { NewVenueAddress } from './NewVenueAddress.tsx';
import { VenueClashNote } from './VenueClashNote.tsx';
import type { EventFormValues } from './event-form.ts';
import { useLinkOptions } from '../../hooks/use-link-options.ts';

type Props = { language: Language; problems: FieldProblems };

const PICKERS = [
  { name: 'venue', kind: 'venue', label: 'field.venueUuid', single: true },
  { name: 'organizers', kind: 'organizer', label: 'field.organizerUuids', single: false },
  { name: 'categories', kind: 'category', label: 'field.categoryUuids', single: false },
  { name: 'tags', kind: 'tag', label: 'field.tagUuids', single: false },
] as const;

function Picker({ spec, language, problems }: { spec: (typeof PICKERS)[number] } & Props) {
  const { t } = useTranslation();
  const { control } = useFormContext<EventFormValues>();
  const typed = useController({ control, name: `typed.${spec.name}` });
  const options = useLinkOptions(spec.kind, language, true);
  // "Choose which one you mean" is answered as soon as nothing is left typed.
  const problem = problems[spec.name];
  const answered = problem?.key === 'validation.pickerQuestion' && !typed.field.value.trim();
  return (
    <Field label={t(spec.label)} problem={answered ? undefined : problem}>
      {(ids) => (
        <Controller
          control={control}
          name={spec.name}
          render={({ field }) => (
            <RecordPicker
              ids={ids}
              options={options}
              value={field.value}
              onChange={field.onChange}
              single={spec.single}
              text={typed.field.value}
              onTextChange={typed.field.onChange}
            />
          )}
        />
      )}
    </Field>
  );
}

/**
 * `uuid`: the event being edited (none for a new one). Its stored status and date say when it
 * is scheduled for: the server publishes it then, whatever the form holds meanwhile.
 */
export function EventSideFields({
  language,
  problems,
  uuid,
}: Props & { uuid?: string | undefined }) {
  const { t } = useTranslation();
  const { register, setValue, getValues } = useFormContext<EventFormValues>();
  const stored = useRecord('event', uuid) as CalendarEvent | null | undefined;
  const scheduled = useScheduledLabel()(stored);
  return (
    <div className="editor-side">
      <Field label={t('field.status')} problem={problems.status} hint={scheduled}>
        {(ids) => (
          <select id={ids.id} aria-describedby={ids.describedBy} {...register('status')}>
            {UNTRASHED_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`postStatus.${status}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {PICKERS.map((spec) => (
        <Fragment key={spec.name}>
          <Picker spec={spec} language={language} problems={problems} />
          {spec.kind === 'venue' && <NewVenueAddress />}
          {spec.kind === 'venue' && <VenueClashNote uuid={uuid} />}
        </Fragment>
      ))}
      <CostField problems={problems} />
      <Field label={t('field.website')} problem={problems.website}>
        {(ids) => (
          <input
            id={ids.id}
            type="url"
            inputMode="url"
            aria-describedby={ids.describedBy}
            aria-invalid={ids.invalid || undefined}
            {...register('website')}
          />
        )}
      </Field>
      <Field label={t('field.image')} problem={problems.image} hint={t('editor.imageHint')}>
        {(ids) => (
          <input
            id={ids.id}
            type="url"
            inputMode="url"
            aria-describedby={ids.describedBy}
            aria-invalid={ids.invalid || undefined}
            {...register('image')}
          />
        )}
      </Field>
      <fieldset className="flags">
        <legend>{t('editor.display')}</legend>
        {EVENT_FLAGS.map(({ field }) => (
          <label key={field} className="check">
            <input type="checkbox" {...register(field)} />
            {t(`field.${field}`)}
          </label>
        ))}
      </fieldset>
      <Field label={t('field.slug')} problem={problems.slug} hint={t('editor.slugHint')}>
        {(ids) => (
          <input
            key={language}
            id={ids.id}
            aria-describedby={ids.describedBy}
            {...register(`slug.${language}`, {
              // Tidied only when tidying changes it: tabbing through leaves the form untouched.
              onBlur: () => {
                const typed = getValues(`slug.${language}`) ?? '';
                if (toSlug(typed, language) !== typed)
                  setValue(`slug.${language}`, toSlug(typed, language), { shouldDirty: true });
              },
            })}
          />
        )}
      </Field>
      <Field
        label={t('field.password')}
        problem={problems.password}
        hint={t('editor.passwordHint')}
      >
        {(ids) => (
          <input
            id={ids.id}
            type="text"
            autoComplete="off"
            aria-describedby={ids.describedBy}
            {...register('password')}
          />
        )}
      </Field>
    </div>
  );
}
