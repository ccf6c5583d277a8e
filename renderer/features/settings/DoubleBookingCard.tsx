/**
 * Whether drafts and pending events hold their venue (the calendar's `clashHolds`): a volunteer
 * pencilling in a date may want the room kept, or only what is published to count. Saved when
 * clicked; every clash check follows it, the server's and the editor's.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsUpdate } from '#shared/schemas/settings.ts';

export function DoubleBookingCard({
  holds,
  onSave,
}: {
  holds: boolean;
  onSave: (change: SettingsUpdate) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  // Shown at once as clicked, until the saved settings say (back as it was if refused).
  const [chosen, setChosen] = useState<boolean>();
  const on = chosen ?? holds;
  const headingId = 'double-booking-heading';
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('clashes.heading')}</h2>
      <label className="check">
        <input
          type="checkbox"
          checked={on}
          aria-describedby="double-booking-hint"
          onChange={(event) => {
            setChosen(event.target.checked);
            void onSave({ clashHolds: event.target.checked }).finally(() => setChosen(undefined));
          }}
        />
        {t('clashes.holds')}
      </label>
      <p id="double-booking-hint" className="muted">
        {t('clashes.holdsHint')}
      </p>
    </section>
  );
}
