/**
 * The content language being edited, one of eight. Each language shows whether the record has
 * text in it; the calendar's default language is marked, since it is what readers fall back to.
 */
import { useTranslation } from 'react-i18next';
import { LANGUAGE_ENDONYMS, LANGUAGES, type Language } from '#shared/languages.ts';

type Props = {
  value: Language;
  onChange: (language: Language) => void;
  translated: ReadonlySet<Language>;
  defaultLanguage: Language;
};

export function LanguagePicker({ value, onChange, translated, defaultLanguage }: Props) {
  const { t } = useTranslation();
  return (
    <div className="language-picker" role="group" aria-label={t('editor.contentLanguage')}>
      {LANGUAGES.map((language) => {
        const has = translated.has(language);
        const state = has ? t('editor.translated') : t('editor.notTranslated');
        return (
          <button
            key={language}
            type="button"
            lang={language}
            className={['secondary', has ? 'is-translated' : ''].filter(Boolean).join(' ')}
            aria-pressed={value === language}
            aria-label={`${LANGUAGE_ENDONYMS[language]} (${state}${language === defaultLanguage ? `, ${t('editor.defaultLanguage')}` : ''})`}
            title={`${LANGUAGE_ENDONYMS[language]}: ${state}`}
            onClick={() => onChange(language)}
          >
            <span aria-hidden="true" className="language-dot" />
            {language.toUpperCase()}
            {language === defaultLanguage && <span aria-hidden="true">*</span>}
          </button>
        );
      })}
    </div>
  );
}
