/**
 * A peer's conflicts (the website's, the hub's), in the same shape as the replica's: each record
 * a card (PeerConflictCard.tsx) with the fields both sides changed. The peer gives how its
 * conflicts are read, what each card says (its labels are the peer's) and how a decision is
 * sent; the list reads them again after each decision. Nothing is shown while none wait.
 */
import { useCallback, useEffect, useState, type ComponentProps } from 'react';
import { PeerConflictCard } from './PeerConflictCard.tsx';

type CardText = Omit<ComponentProps<typeof PeerConflictCard>, 'focused' | 'onDecide'>;

export function PeerConflicts<C extends { id: number }>({
  heading,
  load,
  card,
  decide,
  onDecided,
  focusFirst = false,
}: {
  heading: string;
  /** The conflicts waiting, or none; the same function from render to render (useCallback). */
  load: () => Promise<readonly C[]>;
  card: (conflict: C) => CardText;
  decide: (conflict: C, keepMine: boolean) => Promise<unknown>;
  onDecided?: (() => void) | undefined;
  /** The first decision is the one the user came for: it is scrolled to and focused. */
  focusFirst?: boolean | undefined;
}) {
  const [conflicts, setConflicts] = useState<readonly C[]>([]);
  // Nothing to show when they cannot be read (not connected, or not an admin).
  const reload = useCallback(() => load().then(setConflicts, () => setConflicts([])), [load]);
  useEffect(() => void reload(), [reload]);
  if (conflicts.length === 0) return null;
  return (
    <section className="website-conflicts" aria-label={heading}>
      <h3>{heading}</h3>
      {conflicts.map((conflict, index) => (
        <PeerConflictCard
          key={conflict.id}
          {...card(conflict)}
          focused={focusFirst && index === 0}
          onDecide={(mine) =>
            void decide(conflict, mine)
              .then(reload)
              .then(() => onDecided?.())
          }
        />
      ))}
    </section>
  );
}
