/**
 * A category's colour: automatic (the palette colour its uuid picks), one of the palette's
 * colours, or any colour from the platform's picker. The value is '' for automatic, else
 * `#rrggbb`; each choice shows as a swatch, named for screen readers.
 */
import { useTranslation } from 'react-i18next';
import { PALETTE, paletteColor } from './category-colors.ts';
import type { FieldIds } from './Field.tsx';

type Props = {
  ids: FieldIds;
  /** Whose automatic colour to show (none yet for a new record: it is known once saved). */
  uuid: string | undefined;
  value: string;
  onChange: (color: string) => void;
};

export function ColorChoice({ ids, uuid, value, onChange }: Props) {
  const { t } = useTranslation();
  const automatic = uuid ? paletteColor(uuid) : undefined;
  const custom = value !== '' && !(PALETTE as readonly string[]).includes(value);
  const swatch = (color: string | undefined, label: string, chosen: boolean, pick: string) => (
    <button
      key={label}
      type="button"
      className={color ? 'swatch' : 'swatch is-unknown'}
      style={color ? { background: color } : undefined}
      aria-pressed={chosen}
      aria-label={label}
      title={label}
      onClick={() => onChange(pick)}
    />
  );
  return (
    <span
      className="color-choice"
      role="group"
      aria-labelledby={ids.labelId}
      aria-describedby={ids.describedBy}
    >
      <span className="color-auto">
        {swatch(automatic, t('records.colorAutomatic'), value === '', '')}
        <span aria-hidden="true">{t('records.colorAutomatic')}</span>
      </span>
      {PALETTE.map((color) => swatch(color, color, value === color, color))}
      <label className={custom ? 'color-custom is-chosen' : 'color-custom'}>
        <input
          id={ids.id}
          type="color"
          value={value || automatic || PALETTE[0]}
          onChange={(event) => onChange(event.target.value.toLowerCase())}
        />
        {t('records.colorCustom')}
      </label>
    </span>
  );
}
