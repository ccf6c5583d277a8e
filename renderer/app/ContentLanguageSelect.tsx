/** Chooses the content language the screens show (see content-language.ts). */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_ENDONYMS, LANGUAGES, isLanguage } from '#shared/languages.ts';
import { useContentLanguage } from '../hooks/content-language.ts';

export function ContentLanguageSelect() {
  const { t } = useTranslation();
  const id = useId();
  const [language, setLanguage] = useContentLanguage();
  return (
    <div className="language-switcher">
      <label htmlFor={id}>{t('language.content')}</label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) setLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_ENDONYMS[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
