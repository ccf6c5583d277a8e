/**
 * The keyboard: whether the one-key shortcuts run (kept in this browser, as the UI language is).
 */
import { useTranslation } from 'react-i18next';
import { useSingleKeyShortcuts } from '../../hooks/single-key-shortcuts.ts';

export function KeyboardCard() {
  const { t } = useTranslation();
  const [on, setOn] = useSingleKeyShortcuts();
  const headingId = 'keyboard-heading';
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('keyboard.heading')}</h2>
      <label className="check">
        <input
          type="checkbox"
          checked={on}
          aria-describedby="keyboard-hint"
          onChange={(event) => setOn(event.target.checked)}
        />
        {t('keyboard.singleKeys')}
      </label>
      <p id="keyboard-hint" className="muted">
        {t('keyboard.singleKeysHint')}
      </p>
    </section>
  );
}
