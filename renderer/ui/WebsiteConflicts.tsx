/**
 * Conflicts with the website (issue 38), in the same shape as the replica's (ProblemCard): a
 * field changed here and on the website since the last sync, shown field by field, "yours" and
 * "the website's". Nothing is written on either side until the user keeps one; the server
 * writes the website's into Marquee at once, or sends Marquee's at its next sync.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteConflict } from '#shared/schemas/site.ts';
import { useAdminApi } from '../data/api/admin-api.ts';
import { FieldValue } from './FieldValue.tsx';

function ConflictCard(props: {
  conflict: SiteConflict;
  onDecide: (keep: 'marquee' | 'site') => void;
}) {
  const { t } = useTranslation();
  const { conflict, onDecide } = props;
  const headingId = `site-conflict-${conflict.id}`;
  return (
    <article className="problem is-conflict" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {t('sync.recordHeading', {
          kind: t(`kind.${conflict.kind}`),
          name: conflict.name || t('sync.untitled'),
        })}
      </h3>
      <p>{t('website.conflictIntro')}</p>
      <table className="problem-fields">
        <thead>
          <tr>
            <th scope="col">{t('sync.field')}</th>
            <th scope="col">{t('sync.yours')}</th>
            <th scope="col">{t('website.theirs')}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(conflict.fields).map(([field, values]) => (
            <tr key={field}>
              <th scope="row">{t(`field.${field}` as 'field.title')}</th>
              <td>
                <FieldValue kind={conflict.kind} field={field} value={values.marquee} />
              </td>
              <td>
                <FieldValue kind={conflict.kind} field={field} value={values.site} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="problem-actions">
        <button type="button" onClick={() => onDecide('marquee')}>
          {t('sync.keepMine')}
        </button>
        <button type="button" className="secondary" onClick={() => onDecide('site')}>
          {t('website.takeSite')}
        </button>
      </div>
    </article>
  );
}

/** The website's conflicts, or nothing (none, not connected, or not an admin). */
export function WebsiteConflicts({ onDecided }: { onDecided?: () => void }) {
  const { t } = useTranslation();
  const api = useAdminApi();
  const [conflicts, setConflicts] = useState<SiteConflict[]>([]);
  const load = useCallback(
    () => api.siteConflicts().then(setConflicts, () => setConflicts([])),
    [api],
  );
  useEffect(() => void load(), [load]);
  if (conflicts.length === 0) return null;
  const decide = (id: number, keep: 'marquee' | 'site') =>
    void api
      .resolveSiteConflict(id, keep)
      .then(load)
      .then(() => onDecided?.());
  return (
    <section className="website-conflicts" aria-label={t('website.conflictsHeading')}>
      <h3>{t('website.conflictsHeading')}</h3>
      {conflicts.map((conflict) => (
        <ConflictCard
          key={conflict.id}
          conflict={conflict}
          onDecide={(keep) => decide(conflict.id, keep)}
        />
      ))}
    </section>
  );
}
