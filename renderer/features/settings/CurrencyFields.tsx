/**
 * The calendar's currency in the settings form: the symbol, where it goes, and the ISO code.
 * Costs that name no currency of their own are shown with it, in the API and the editor.
 */
import { useTranslation } from 'react-i18next';
import type { Currency } from '#shared/text/cost.ts';
import { Field } from '../../ui/Field.tsx';

type Props = { value: Currency; onChange: (next: Currency) => void };

const POSITIONS = [
  { position: 'prefix', label: 'settings.currencyBefore' },
  { position: 'postfix', label: 'settings.currencyAfter' },
] as const;

export function CurrencyFields({ value, onChange }: Props) {
  const { t } = useTranslation();
  const set = (change: Partial<Currency>) => onChange({ ...value, ...change });
  return (
    <div className="currency-fields">
      <Field label={t('settings.currencySymbol')} hint={t('settings.currencyHint')}>
        {(ids) => (
          <input
            id={ids.id}
            aria-describedby={ids.describedBy}
            value={value.symbol}
            maxLength={8}
            required
            onChange={(event) => set({ symbol: event.target.value })}
          />
        )}
      </Field>
      <Field label={t('settings.currencyPosition')}>
        {(ids) => (
          <select
            id={ids.id}
            value={value.position}
            onChange={(event) =>
              set({ position: event.target.value === 'postfix' ? 'postfix' : 'prefix' })
            }
          >
            {POSITIONS.map(({ position, label }) => (
              <option key={position} value={position}>
                {t(label)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('settings.currencyCode')}>
        {(ids) => (
          <input
            id={ids.id}
            value={value.code}
            maxLength={3}
            pattern="[A-Z]{3}"
            autoCapitalize="characters"
            onChange={(event) => set({ code: event.target.value.toUpperCase() })}
          />
        )}
      </Field>
    </div>
  );
}
