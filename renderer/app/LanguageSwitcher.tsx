/** Switches the UI language at run time; each language is listed in its own name. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_ENDONYMS, LANGUAGES, isLanguage } from '#shared/languages.ts';
import { changeUiLanguage } from '../i18n.ts';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="language-switcher">
      <label htmlFor={id}>{t('language.label')}</label>
      <select
        id={id}
        value={i18n.resolvedLanguage}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeUiLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_ENDONYMS[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
