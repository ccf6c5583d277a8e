/**
 * A file input with the app's own button and words: the browser's "Choose file" and "No file
 * chosen" speak the browser's language, not the one chosen in the app. The native input stays
 * (visually hidden), so its label, keyboard use and the file dialog are the platform's.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldIds } from './Field.tsx';

type Props = {
  ids: FieldIds;
  accept: string;
  disabled?: boolean;
  file: File | undefined;
  onChange: (file: File | undefined) => void;
};

export function FileInput({ ids, accept, disabled = false, file, onChange }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="file-input">
      <input
        ref={input}
        id={ids.id}
        className="visually-hidden"
        type="file"
        accept={accept}
        data-autofocus
        aria-describedby={ids.describedBy}
        aria-invalid={ids.invalid || undefined}
        disabled={disabled}
        onChange={(event) => onChange(event.target.files?.[0])}
      />
      {/* For the mouse; the input above is what the keyboard and screen readers use. */}
      <button
        type="button"
        className="secondary"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {t('files.chooseButton')}
      </button>
      <span className="file-name">{file?.name ?? t('files.noFileChosen')}</span>
    </div>
  );
}
