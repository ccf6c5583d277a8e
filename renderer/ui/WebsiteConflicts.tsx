/**
 * Conflicts with the website (PeerConflicts.tsx): a field changed in this calendar and on the
 * website since the last sync, or, on records the first sync found to be one, a field each side
 * holds a different value of (said so: there was no last sync), shown field by field, "this
 * calendar's" and "the website's". Nothing is written on either side until the user keeps one;
 * the server writes the website's into Marquee at once, or sends Marquee's at its next sync. On
 * a laptop on a hub they are the hub's (the hub syncs with the website): the values kept are the
 * hub's, and the decision goes to the hub, which applies it.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteConflict } from '#shared/schemas/site.ts';
import { useAdminApi } from '../data/api/admin-api.ts';
import { PeerConflicts } from './PeerConflicts.tsx';

/** What the card says first: whether the two ever agreed, and whose side it speaks for. */
function introKey(neverAgreed: boolean, throughHub: boolean) {
  if (neverAgreed)
    return throughHub ? 'website.conflictIntroFirstHub' : 'website.conflictIntroFirst';
  return throughHub ? 'website.conflictIntroHub' : 'website.conflictIntro';
}

/** A conflict, and the hub it is relayed from (null: this calendar's own website). */
type Relayed = SiteConflict & { via: string | null };

/** The website's conflicts, or nothing (none, not connected, or not an admin). */
export function WebsiteConflicts(props: { onDecided?: () => void; focusFirst?: boolean }) {
  const { t } = useTranslation();
  const api = useAdminApi();
  const load = useCallback(
    () =>
      api
        .siteStatus()
        // Asked only when some wait: a website not connected (or on a hub) has none to give.
        .then(async (status): Promise<Relayed[]> =>
          status.conflicts > 0
            ? (await api.siteConflicts()).map((conflict) => ({ ...conflict, via: status.via }))
            : [],
        ),
    [api],
  );
  return (
    <PeerConflicts
      {...props}
      heading={t('website.conflictsHeading')}
      load={load}
      card={(conflict) => ({
        id: `site-conflict-${conflict.id}`,
        kind: conflict.kind,
        name: conflict.name,
        intro: t(introKey(conflict.neverAgreed, conflict.via !== null)),
        mineLabel: conflict.via ? t('website.mineHub') : t('website.mineHere'),
        keepLabel: conflict.via ? t('website.keepHub') : t('website.keepHere'),
        theirsLabel: t('website.theirs'),
        takeLabel: t('website.takeSite'),
        rows: Object.entries(conflict.fields).map(([field, values]) => ({
          key: field,
          field,
          mine: values.marquee,
          theirs: values.site,
        })),
      })}
      decide={(conflict, mine) => api.resolveSiteConflict(conflict.id, mine ? 'marquee' : 'site')}
    />
  );
}
