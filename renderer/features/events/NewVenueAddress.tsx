/**
 * Under the venue picker, when the event names a venue that does not exist yet: its address,
 * so the venue is created whole on Save instead of as a bare name to complete elsewhere.
 */
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/Field.tsx';
import { NEW_VENUE_FIELDS, type EventFormValues } from './event-form.ts';

export function NewVenueAddress() {
  const { t } = useTranslation();
  const { register, control } = useFormContext<EventFormValues>();
  const [chosen] = useWatch({ control, name: 'venue' });
  if (!chosen || !('create' in chosen)) return null;
  return (
    <fieldset className="new-venue">
      <legend>{t('editor.newVenueAddress', { name: chosen.create })}</legend>
      {NEW_VENUE_FIELDS.map((field) => (
        <Field key={field} label={t(`field.${field}`)}>
          {(ids) => <input id={ids.id} {...register(`newVenue.${field}`)} />}
        </Field>
      ))}
    </fieldset>
  );
}
