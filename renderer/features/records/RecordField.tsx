/**
 * One field of a venue, organizer, category or tag, with the control its spec names. Texts are
 * edited in the chosen content language (inputs keyed by language: they are uncontrolled).
 */
import { BOOKING_RULES } from '#shared/clashes/clash-finder.ts';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/languages.ts';
import { UNTRASHED_STATUSES } from '#shared/schemas/common.ts';
import { toSlug } from '#shared/text/slug.ts';
import type { FieldProblem } from '../../forms/field-problems.ts';
import { Field } from '../../ui/Field.tsx';
import { ColorChoice } from '../../ui/ColorChoice.tsx';
import { RichTextEditor } from '../../ui/RichTextEditor.tsx';
import type { FieldSpec } from './record-fields.ts';
import type { RecordFormValues } from './record-form.ts';
import type { PickerOption } from '../../ui/RecordPicker.tsx';

type Props = {
  spec: FieldSpec;
  language: Language;
  problem: FieldProblem | undefined;
  /** For `parent`: the categories this one may sit under. */
  parents?: readonly PickerOption[];
  hint?: string | undefined;
  /** The record's uuid (none yet for a new one): its automatic colour follows from it. */
  uuid?: string | undefined;
};

const INPUT_TYPES = { text: 'text', url: 'url', email: 'email', tel: 'tel' } as const;

export function RecordField({ spec, language, problem, parents = [], hint, uuid }: Props) {
  const { t } = useTranslation();
  const { register, control, setValue, getValues } = useFormContext<RecordFormValues>();
  const { name, control: kind } = spec;
  const label = t(`field.${name}` as 'field.name');
  if (kind === 'check') {
    return (
      <label className="check">
        <input type="checkbox" {...register(name)} />
        {label}
      </label>
    );
  }
  return (
    <Field label={label} problem={problem} hint={hint}>
      {(ids) => {
        const common = {
          id: ids.id,
          'aria-describedby': ids.describedBy,
          'aria-invalid': ids.invalid || undefined,
        };
        switch (kind) {
          case 'name':
            return (
              <input
                key={language}
                lang={language}
                className="title-input"

                {...common}
                {...register(`${name}.${language}`)}
              />
            );
          case 'translatedArea':
            return (
              <textarea
                key={language}
                lang={language}
                rows={2}
                {...common}
                {...register(`${name}.${language}`)}
              />
            );
          case 'slug':
            return (
              <input
                key={language}
                {...common}
                {...register(`${name}.${language}`, {
                  // Tidied only when tidying changes it: tabbing through leaves the form untouched.
                  onBlur: () => {
                    const typed = String(getValues(`${name}.${language}`) ?? '');
                    if (toSlug(typed, language) !== typed)
                      setValue(`${name}.${language}`, toSlug(typed, language), {
                        shouldDirty: true,
                      });
                  },
                })}
              />
            );
          case 'richText':
            return (
              <Controller
                control={control}
                name={`${name}.${language}`}
                render={({ field }) => (
                  <RichTextEditor
                    ids={ids}
                    lang={language}
                    value={typeof field.value === 'string' ? field.value : ''}
                    onChange={field.onChange}
                  />
                )}
              />
            );
          case 'status':
            return (
              <select {...common} {...register(name)}>
                {UNTRASHED_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`postStatus.${status}`)}
                  </option>
                ))}
              </select>
            );
          case 'color':
            return (
              <Controller
                control={control}
                name={name}
                render={({ field }) => (
                  <ColorChoice
                    ids={ids}
                    uuid={uuid}
                    value={typeof field.value === 'string' ? field.value : ''}
                    onChange={field.onChange}
                  />
                )}
              />
            );
          case 'parent':
            // Controlled: the categories arrive after the form is made, and an uncontrolled
            // select would have shown "None" for a parent it had no option for yet.
            return (
              <Controller
                control={control}
                name={name}
                render={({ field }) => (
                  <select
                    {...common}
                    name={field.name}
                    ref={field.ref}
                    value={typeof field.value === 'string' ? field.value : ''}
                    onBlur={field.onBlur}
                    onChange={(event) => field.onChange(event.target.value || null)}
                  >
                    <option value="">{t('records.noParent')}</option>
                    {parents.map((parent) => (
                      <option key={parent.uuid} value={parent.uuid}>
                        {parent.label}
                      </option>
                    ))}
                  </select>
                )}
              />
            );
          case 'minutes':
            return (
              <input
                type="number"
                min={0}
                max={1440}
                step={5}
                inputMode="numeric"
                {...common}
                {...register(name, { valueAsNumber: true })}
              />
            );
          case 'booking':
            return (
              <select {...common} {...register(name)}>
                {BOOKING_RULES.map((rule) => (
                  <option key={rule} value={rule}>
                    {t(`records.booking.${rule}`)}
                  </option>
                ))}
              </select>
            );
          default:
            return <input type={INPUT_TYPES[kind]} {...common} {...register(name)} />;
        }
      }}
    </Field>
  );
}
