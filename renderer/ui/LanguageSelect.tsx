/**
 * One of the eight languages, each listed in its own name ("日本語", "Deutsch") so anyone finds
 * theirs whatever language the screen is in.
 */
import { LANGUAGE_ENDONYMS, LANGUAGES, isLanguage, type Language } from '#shared/languages.ts';

type Props = {
  id: string;
  value: string | undefined;
  onChange: (language: Language) => void;
  describedBy?: string | undefined;
  disabled?: boolean;
};

export function LanguageSelect({ id, value, onChange, describedBy, disabled }: Props) {
  return (
    <select
      id={id}
      value={value}
      aria-describedby={describedBy}
      disabled={disabled}
      onChange={(event) => {
        if (isLanguage(event.target.value)) onChange(event.target.value);
      }}
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code} lang={code}>
          {LANGUAGE_ENDONYMS[code]}
        </option>
      ))}
    </select>
  );
}
