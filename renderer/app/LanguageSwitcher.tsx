/** Switches the UI language at run time; each language is listed in its own name. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeUiLanguage } from '../i18n.ts';
import { LanguageSelect } from '../ui/LanguageSelect.tsx';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="language-switcher">
      <label htmlFor={id}>{t('language.label')}</label>
      <LanguageSelect
        id={id}
        value={i18n.resolvedLanguage}
        onChange={(language) => void changeUiLanguage(language)}
      />
    </div>
  );
}
