/**
 * The names of what an import creates (or created), per kind: each name on its own chip, so a
 * name split in two ("Woodhouse" and "Chelsea S.") or one that is not meant to be new shows
 * before anything is written. The server sends the first few dozen per kind; the rest are
 * counted.
 */
import { useTranslation } from 'react-i18next';
import type { CreatedNames as Names } from '#shared/schemas/transfer.ts';

type CreatedKind = keyof Names;

const LABELS = {
  venues: 'files.createdVenues',
  organizers: 'files.createdOrganizers',
  categories: 'files.createdCategories',
  tags: 'files.createdTags',
} as const satisfies Record<CreatedKind, string>;

export function CreatedNames({
  names,
  counts,
}: {
  names: Names;
  counts: Record<CreatedKind, number>;
}) {
  const { t } = useTranslation();
  const kinds = (Object.keys(LABELS) as CreatedKind[]).filter((kind) => names[kind].length > 0);
  if (kinds.length === 0) return null;
  return (
    <section aria-label={t('files.createdNames')}>
      <dl className="files-created">
        {kinds.map((kind) => {
          const more = counts[kind] - names[kind].length;
          return (
            <div key={kind}>
              <dt>{t(LABELS[kind])}</dt>
              <dd>
                <ul className="files-names" aria-label={t(LABELS[kind])}>
                  {names[kind].map((name, index) => (
                    <li key={index}>{name}</li>
                  ))}
                </ul>
                {more > 0 && <span className="muted">{t('files.moreNames', { more })}</span>}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
