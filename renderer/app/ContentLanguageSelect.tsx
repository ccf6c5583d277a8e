/** Chooses the content language the screens show (see content-language.ts). */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentLanguage } from '../hooks/content-language.ts';
import { LanguageSelect } from '../ui/LanguageSelect.tsx';

export function ContentLanguageSelect() {
  const { t } = useTranslation();
  const id = useId();
  const [language, setLanguage] = useContentLanguage();
  return (
    <div className="language-switcher">
      <label htmlFor={id}>{t('language.content')}</label>
      <LanguageSelect id={id} value={language} onChange={setLanguage} />
    </div>
  );
}
