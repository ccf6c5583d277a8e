/**
 * The event's cost, with what visitors will read: the same formatting the API applies (a cost
 * that names no currency is shown in the calendar's), so "25" reads "$25" before it is saved.
 */
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CURRENCY } from '#shared/schemas/settings.ts';
import { formatCost } from '#shared/text/cost.ts';
import { useCalendarSettings } from '../../data/hooks.ts';
import type { FieldProblems } from '../../forms/field-problems.ts';
import { Field } from '../../ui/Field.tsx';
import type { EventFormValues } from './event-form.ts';

export function CostField({ problems }: { problems: FieldProblems }) {
  const { t } = useTranslation();
  const { register, control } = useFormContext<EventFormValues>();
  const cost = useWatch({ control, name: 'cost' });
  const currency = useCalendarSettings().currency ?? DEFAULT_CURRENCY;
  const shown = formatCost(cost, currency);
  const named = currency.code ? `${currency.symbol.trim()} (${currency.code})` : currency.symbol;
  const hint = !cost.trim()
    ? `${t('editor.costHint')} ${t('editor.costCurrency', { currency: named.trim() })}`
    : shown
      ? t('editor.costShownAs', { cost: shown })
      : t('editor.costNotShown');
  return (
    <Field label={t('field.cost')} problem={problems.cost} hint={hint}>
      {(ids) => <input id={ids.id} aria-describedby={ids.describedBy} {...register('cost')} />}
    </Field>
  );
}
