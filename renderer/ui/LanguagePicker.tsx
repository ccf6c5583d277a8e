/**
 * The content language being edited, one of eight, named in the UI language (not as codes such
 * as "ZH-HANS"). Each shows whether the record has text in it; the calendar's default language is
 * marked, since it is what readers fall back to.
 */
import { useTranslation } from 'react-i18next';
import { languageName, LANGUAGES, type Language } from '#shared/languages.ts';

type Props = {
  value: Language;
  onChange: (language: Language) => void;
  translated: ReadonlySet<Language>;
  defaultLanguage: Language;
};

export function LanguagePicker({ value, onChange, translated, defaultLanguage }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <div className="language-picker" role="group" aria-label={t('editor.contentLanguage')}>
      {LANGUAGES.map((language) => {
        const has = translated.has(language);
        const state = has ? t('editor.translated') : t('editor.notTranslated');
        const name = languageName(language, i18n.language);
        return (
          <button
            key={language}
            type="button"
            className={['secondary', has ? 'is-translated' : ''].filter(Boolean).join(' ')}
            aria-pressed={value === language}
            aria-label={`${name} (${state}${language === defaultLanguage ? `, ${t('editor.defaultLanguage')}` : ''})`}
            title={`${name}: ${state}`}
            onClick={() => onChange(language)}
          >
            <span aria-hidden="true" className="language-dot" />
            {name}
            {language === defaultLanguage && <span aria-hidden="true">*</span>}
          </button>
        );
      })}
    </div>
  );
}
