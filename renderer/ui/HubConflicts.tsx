/**
 * Conflicts with the hub (PeerConflicts.tsx): a field (a text per language) changed here and on
 * another laptop since the last sync, "yours" and "the hub's". Nothing is overwritten until the
 * user keeps one; the choice then reaches the hub and every laptop.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminApi } from '../data/api/admin-api.ts';
import { PeerConflicts } from './PeerConflicts.tsx';

/** The hub's conflicts, or nothing (none, not connected, or not an admin). */
export function HubConflicts(props: { onDecided?: () => void; focusFirst?: boolean }) {
  const { t } = useTranslation();
  const api = useAdminApi();
  const load = useCallback(
    () =>
      api
        .hubStatus()
        // Asked only when some wait: a hub not connected has none to give.
        .then((status) => (status.conflicts > 0 ? api.hubConflicts() : [])),
    [api],
  );
  return (
    <PeerConflicts
      {...props}
      heading={t('hub.conflictsHeading')}
      load={load}
      card={(conflict) => ({
        id: `hub-conflict-${conflict.id}`,
        kind: conflict.kind,
        name: conflict.name,
        intro: t('hub.conflictIntro'),
        theirsLabel: t('hub.theirs'),
        takeLabel: t('hub.takeHub'),
        rows: Object.entries(conflict.fields).map(([key, values]) => {
          // "title.de": the field, in one language.
          const [field = key, language] = key.split('.');
          return { key, field, language, mine: values.here, theirs: values.hub };
        }),
      })}
      decide={(conflict, mine) => api.resolveHubConflict(conflict.id, mine ? 'here' : 'hub')}
    />
  );
}
