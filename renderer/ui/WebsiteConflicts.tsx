/**
 * Conflicts with the website, in the same shape as the replica's (ProblemCard): a
 * field changed in this calendar and on the website since the last sync, or, on records the
 * first sync found to be one, a field each side holds a different value of (said so: there was
 * no last sync), shown field by field, "this calendar's" and "the website's". Nothing is written
 * on either side until the user keeps one; the server writes the website's into Marquee at once,
 * or sends Marquee's at its next sync. On a laptop on a hub they are the hub's (the hub syncs
 * with the website): the values kept are the hub's, and the decision goes to the hub, which
 * applies it.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteConflict } from '#shared/schemas/site.ts';
import { useAdminApi } from '../data/api/admin-api.ts';
import { PeerConflictCard } from './PeerConflictCard.tsx';

/** What the card says first: whether the two ever agreed, and whose side it speaks for. */
function introKey(neverAgreed: boolean, throughHub: boolean) {
  if (neverAgreed)
    return throughHub ? 'website.conflictIntroFirstHub' : 'website.conflictIntroFirst';
  return throughHub ? 'website.conflictIntroHub' : 'website.conflictIntro';
}

type Shown = { conflicts: SiteConflict[]; via: string | null };

/** The website's conflicts, or nothing (none, not connected, or not an admin). */
export function WebsiteConflicts({
  onDecided,
  focusFirst = false,
}: {
  onDecided?: () => void;
  /** The first decision is the one the user came for: it is scrolled to and focused. */
  focusFirst?: boolean;
}) {
  const { t } = useTranslation();
  const api = useAdminApi();
  const [shown, setShown] = useState<Shown>({ conflicts: [], via: null });
  const load = useCallback(
    () =>
      api
        .siteStatus()
        // Asked only when some wait: a website not connected (or on a hub) has none to give.
        .then(async (status) => ({
          conflicts: status.conflicts > 0 ? await api.siteConflicts() : [],
          via: status.via,
        }))
        .then(setShown, () => setShown({ conflicts: [], via: null })),
    [api],
  );
  useEffect(() => void load(), [load]);
  const { conflicts, via } = shown;
  if (conflicts.length === 0) return null;
  const decide = (id: number, keep: 'marquee' | 'site') =>
    void api
      .resolveSiteConflict(id, keep)
      .then(load)
      .then(() => onDecided?.());
  return (
    <section className="website-conflicts" aria-label={t('website.conflictsHeading')}>
      <h3>{t('website.conflictsHeading')}</h3>
      {conflicts.map((conflict, index) => (
        <PeerConflictCard
          key={conflict.id}
          focused={focusFirst && index === 0}
          id={`site-conflict-${conflict.id}`}
          kind={conflict.kind}
          name={conflict.name}
          intro={t(introKey(conflict.neverAgreed, via !== null))}
          mineLabel={via ? t('website.mineHub') : t('website.mineHere')}
          keepLabel={via ? t('website.keepHub') : t('website.keepHere')}
          theirsLabel={t('website.theirs')}
          takeLabel={t('website.takeSite')}
          rows={Object.entries(conflict.fields).map(([field, values]) => ({
            key: field,
            field,
            mine: values.marquee,
            theirs: values.site,
          }))}
          onDecide={(mine) => decide(conflict.id, mine ? 'marquee' : 'site')}
        />
      ))}
    </section>
  );
}
