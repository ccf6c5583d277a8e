/**
 * One change sync could not apply, with the user's choices. A conflict shows each
 * field the user changed next to the server's value; ticked fields are kept on "merge".
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTranslatable } from '#shared/kinds/registry.ts';
import type { Problem } from '../../data/db.ts';
import { useReplica } from '../../data/replica-context.ts';
import { FieldValue } from '../../ui/FieldValue.tsx';
import { isErrorKey, recordName, uiLanguage } from '../../ui/record-text.ts';

/** The server's value of a field; of a translatable one, only in the languages I changed. */
function serverValue(problem: Problem, field: string): unknown {
  const value = (problem.server as Record<string, unknown> | null | undefined)?.[field];
  const mine = (problem.fields as Readonly<Record<string, unknown>>)[field];
  if (!isTranslatable(problem.kind, field) || !mine || typeof mine !== 'object') return value;
  const texts = (value ?? {}) as Record<string, string>;
  return Object.fromEntries(Object.keys(mine).map((language) => [language, texts[language] ?? '']));
}

export function ProblemCard({ problem }: { problem: Problem }) {
  const { t, i18n } = useTranslation();
  const { t: errors } = useTranslation('errors');
  const { problems } = useReplica();
  const values = problem.fields as Readonly<Record<string, unknown>>;
  const fields = Object.keys(problem.fields);
  const [kept, setKept] = useState<ReadonlySet<string>>(() => new Set(fields));
  const name =
    recordName(problem.kind, problem.local ?? problem.server, uiLanguage(i18n.language)) ??
    t('sync.untitled');
  const headingId = `problem-${problem.mutationId}`;
  const conflict = problem.status === 'conflict';
  const gone = conflict && !problem.server;
  const comparing = conflict && !gone && problem.op !== 'delete';
  const run = (action: (mutationId: number) => Promise<void>) => () =>
    void action(problem.mutationId);
  const toggle = (field: string) =>
    setKept((current) => {
      const next = new Set(current);
      if (!next.delete(field)) next.add(field);
      return next;
    });

  const code = problem.error?.code;
  const reason = isErrorKey(code, (key) => i18n.exists(key))
    ? errors(code)
    : (problem.error?.message ?? '');
  const intro = !conflict
    ? t('sync.rejectedIntro', { reason })
    : problem.op === 'delete'
      ? t('sync.deleteIntro')
      : gone
        ? t('sync.deletedIntro')
        : t('sync.conflictIntro');

  return (
    <article className={`problem is-${problem.status}`} aria-labelledby={headingId}>
      <h3 id={headingId}>{t('sync.recordHeading', { kind: t(`kind.${problem.kind}`), name })}</h3>
      <p>{intro}</p>
      {!conflict && problem.error && <p className="muted">{problem.error.message}</p>}
      {fields.length > 0 && problem.op !== 'delete' && (
        <table className="problem-fields">
          <thead>
            <tr>
              <th scope="col">{t('sync.field')}</th>
              <th scope="col">{t('sync.yours')}</th>
              {comparing && <th scope="col">{t('sync.server')}</th>}
              {comparing && <th scope="col">{t('sync.keep')}</th>}
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => (
              <tr key={field}>
                <th scope="row">{t(`field.${field}` as 'field.title')}</th>
                <td>
                  <FieldValue kind={problem.kind} field={field} value={values[field]} />
                </td>
                {comparing && (
                  <td>
                    <FieldValue
                      kind={problem.kind}
                      field={field}
                      value={serverValue(problem, field)}
                    />
                  </td>
                )}
                {comparing && (
                  <td>
                    <input
                      type="checkbox"
                      checked={kept.has(field)}
                      onChange={() => toggle(field)}
                      aria-label={`${t('sync.keep')}: ${t(`field.${field}` as 'field.title')}`}
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="problem-actions">
        {comparing && (
          <>
            <button type="button" onClick={run(problems.keepMine)}>
              {t('sync.keepMine')}
            </button>
            <button type="button" className="secondary" onClick={run(problems.takeServer)}>
              {t('sync.takeServer')}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={kept.size === 0}
              onClick={() => void problems.merge(problem.mutationId, [...kept])}
            >
              {t('sync.merge')}
            </button>
          </>
        )}
        {conflict && !comparing && (
          <>
            <button type="button" onClick={run(problems.keepMine)}>
              {problem.op === 'delete' ? t('sync.deleteAnyway') : t('sync.restore')}
            </button>
            <button type="button" className="secondary" onClick={run(problems.takeServer)}>
              {problem.op === 'delete' ? t('sync.keepIt') : t('sync.letGo')}
            </button>
          </>
        )}
        {!conflict && code === 'marquee_venue_busy' && (
          <button type="button" onClick={run(problems.bookAnyway)}>
            {t('sync.bookAnyway')}
          </button>
        )}
        {!conflict && (
          <button
            type="button"
            className={code === 'marquee_venue_busy' ? 'secondary' : undefined}
            onClick={run(problems.dismiss)}
          >
            {t('sync.dismiss')}
          </button>
        )}
      </div>
    </article>
  );
}
