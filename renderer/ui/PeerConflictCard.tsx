/**
 * One record's conflict with a peer (the website, the hub), in the same shape as the replica's
 * (ProblemCard): each field both sides changed, "yours" and the peer's, and the two choices.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Kind } from '#shared/kinds/registry.ts';
import { FieldValue } from './FieldValue.tsx';

type ConflictRow = {
  key: string;
  /** The record field the values are of. */
  field: string;
  /** A translation's language, shown beside the field's name. */
  language?: string | undefined;
  mine: unknown;
  theirs: unknown;
};

export function PeerConflictCard(props: {
  id: string;
  kind: Kind;
  name: string;
  intro: string;
  /** Whose the kept values are, when not the user's own ("yours"): this calendar's, the hub's. */
  mineLabel?: string | undefined;
  keepLabel?: string | undefined;
  theirsLabel: string;
  takeLabel: string;
  rows: readonly ConflictRow[];
  onDecide: (keepMine: boolean) => void;
  /** The decision the user came for (the header's "Needs a decision"): scrolled to, focused. */
  focused?: boolean;
}) {
  const { t } = useTranslation();
  const { id, kind, rows, onDecide, focused = false } = props;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!focused) return;
    ref.current?.scrollIntoView({ block: 'start' });
    ref.current?.focus({ preventScroll: true });
  }, [focused]);
  return (
    <article ref={ref} tabIndex={-1} className="problem is-conflict" aria-labelledby={id}>
      <h3 id={id}>
        {t('sync.recordHeading', {
          kind: t(`kind.${kind}`),
          name: props.name || t('sync.untitled'),
        })}
      </h3>
      <p>{props.intro}</p>
      <table className="problem-fields">
        <thead>
          <tr>
            <th scope="col">{t('sync.field')}</th>
            <th scope="col">{props.mineLabel ?? t('sync.yours')}</th>
            <th scope="col">{props.theirsLabel}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">
                {t(`field.${row.field}` as 'field.title')}
                {row.language ? ` (${row.language})` : ''}
              </th>
              <td>
                <FieldValue kind={kind} field={row.field} value={row.mine} />
              </td>
              <td>
                <FieldValue kind={kind} field={row.field} value={row.theirs} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="problem-actions">
        <button type="button" onClick={() => onDecide(true)}>
          {props.keepLabel ?? t('sync.keepMine')}
        </button>
        <button type="button" className="secondary" onClick={() => onDecide(false)}>
          {props.takeLabel}
        </button>
      </div>
    </article>
  );
}
