/**
 * Conflicts with the hub, in the same shape as the website's and the replica's: a
 * field (a text per language) changed here and on another laptop since the last sync, "yours"
 * and "the hub's". Nothing is overwritten until the user keeps one; the choice then reaches the
 * hub and every laptop.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HubConflict } from '#shared/schemas/hub.ts';
import { useAdminApi } from '../data/api/admin-api.ts';
import { PeerConflictCard } from './PeerConflictCard.tsx';

/** The hub's conflicts, or nothing (none, not connected, or not an admin). */
export function HubConflicts({
  onDecided,
  focusFirst = false,
}: {
  onDecided?: () => void;
  /** The first decision is the one the user came for: it is scrolled to and focused. */
  focusFirst?: boolean;
}) {
  const { t } = useTranslation();
  const api = useAdminApi();
  const [conflicts, setConflicts] = useState<HubConflict[]>([]);
  const load = useCallback(
    () =>
      api
        .hubStatus()
        // Asked only when some wait: a hub not connected has none to give.
        .then((status) => (status.conflicts > 0 ? api.hubConflicts() : []))
        .then(setConflicts, () => setConflicts([])),
    [api],
  );
  useEffect(() => void load(), [load]);
  if (conflicts.length === 0) return null;
  const decide = (id: number, keep: 'here' | 'hub') =>
    void api
      .resolveHubConflict(id, keep)
      .then(load)
      .then(() => onDecided?.());
  return (
    <section className="website-conflicts" aria-label={t('hub.conflictsHeading')}>
      <h3>{t('hub.conflictsHeading')}</h3>
      {conflicts.map((conflict, index) => (
        <PeerConflictCard
          key={conflict.id}
          focused={focusFirst && index === 0}
          id={`hub-conflict-${conflict.id}`}
          kind={conflict.kind}
          name={conflict.name}
          intro={t('hub.conflictIntro')}
          theirsLabel={t('hub.theirs')}
          takeLabel={t('hub.takeHub')}
          rows={Object.entries(conflict.fields).map(([key, values]) => {
            // "title.de": the field, in one language.
            const [field = key, language] = key.split('.');
            return { key, field, language, mine: values.here, theirs: values.hub };
          })}
          onDecide={(mine) => decide(conflict.id, mine ? 'here' : 'hub')}
        />
      ))}
    </section>
  );
}
