/**
 * Every category's colour in one place: the calendar draws a category's events in it. Each
 * change is saved at once as a patch of the category (the same field its editor sets).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Term } from '#shared/schemas/term.ts';
import { useCalendarSettings } from '../../data/hooks.ts';
import { useReplica } from '../../data/replica-context.ts';
import { useContentLanguage } from '../../hooks/content-language.ts';
import { ColorChoice } from '../../ui/ColorChoice.tsx';
import { Field } from '../../ui/Field.tsx';
import { recordName } from '../../ui/record-text.ts';

export function CategoryColorsCard() {
  const { t } = useTranslation();
  const headingId = useId();
  const { records } = useReplica();
  const { defaultLanguage } = useCalendarSettings();
  const [content] = useContentLanguage();
  const categories = useLiveQuery(() => records.list('category'), [records]) as Term[] | undefined;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('settings.categoryColors')}</h2>
      {categories?.length === 0 && <p className="muted">{t('settings.noCategories')}</p>}
      <div className="category-colors">
        {categories?.map((category) => (
          <Field
            key={category.uuid}
            label={
              recordName('category', category, content, defaultLanguage) ?? t('calendar.untitled')
            }
          >
            {(ids) => (
              <ColorChoice
                ids={ids}
                uuid={category.uuid}
                value={category.color ?? ''}
                onChange={(color) => void records.update('category', category.uuid, { color })}
              />
            )}
          </Field>
        ))}
      </div>
    </section>
  );
}
