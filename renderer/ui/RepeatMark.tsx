/**
 * The mark of a repeating event (an occurrence of a series, or an event given a rule): a
 * circling arrow, named for screen readers and in a tooltip, so it never rests on colour.
 */
import { useTranslation } from 'react-i18next';

export function RepeatMark({ className }: { className?: string }) {
  const { t } = useTranslation();
  const label = t('repeat.mark');
  return (
    <span className={['repeat-mark', className].filter(Boolean).join(' ')} title={label}>
      <svg viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true" focusable="false">
        <path
          d="M13 8a5 5 0 1 1-1.46-3.54M13 2.5v3h-3"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
