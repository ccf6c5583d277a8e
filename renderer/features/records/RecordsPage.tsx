/**
 * Venues, organizers, categories or tags: a searchable list beside the chosen one's editor.
 * The chosen record is in the address (#/venues/<uuid>, #/venues/new), so it survives reloads
 * and can be linked to. Names show in the content language, marked where not translated.
 */
import type { LinkedKind } from '#shared/kinds/registry.ts';
import { languageName } from '#shared/languages.ts';
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { useContentLanguage } from '../../hooks/content-language.ts';
import { useCalendarSettings } from '../../data/hooks.ts';
import { useReplica } from '../../data/replica-context.ts';
import { isNamedIn } from '../../ui/record-text.ts';
import { PATH_SEPARATOR, useLinkOptions } from '../../hooks/use-link-options.ts';
import { OpenRecord } from './OpenRecord.tsx';
import { categoryColor } from '../../ui/category-colors.ts';

/** Categories are listed as a tree: each under its parent, indented by depth. */
const depthOf = (label: string) => label.split(PATH_SEPARATOR).length - 1;

const RECORD_PATHS: Readonly<Record<LinkedKind, string>> = {
  venue: '/venues',
  organizer: '/organizers',
  category: '/categories',
  tag: '/tags',
};

const NAV_LABELS = {
  venue: 'nav.venues',
  organizer: 'nav.organizers',
  category: 'nav.categories',
  tag: 'nav.tags',
} as const;

export function RecordsPage({ kind }: { kind: LinkedKind }) {
  const { t, i18n } = useTranslation();
  const { id } = useParams<{ id?: string }>();
  const [, navigate] = useLocation();
  const headingId = useId();
  const { records } = useReplica();
  const [language] = useContentLanguage();
  const { defaultLanguage } = useCalendarSettings();
  const [search, setSearch] = useState('');
  const options = useLinkOptions(kind, language);
  const all = useLiveQuery(() => records.list(kind), [records, kind]);
  const byUuid = useMemo(() => new Map((all ?? []).map((record) => [record.uuid, record])), [all]);
  const needle = search.trim().toLowerCase();
  const rows = options.filter((option) => !needle || option.label.toLowerCase().includes(needle));
  const base = RECORD_PATHS[kind];

  return (
    <section className="records-page" aria-labelledby={headingId}>
      <div className="records-list">
        <div className="list-head">
          <h2 id={headingId} className="page-title">
            {t(NAV_LABELS[kind])}
          </h2>
          <button type="button" onClick={() => navigate(`${base}/new`)}>
            {t(`records.new.${kind}`)}
          </button>
        </div>
        <input
          type="search"
          value={search}
          placeholder={t('records.search')}
          aria-label={t('records.search')}
          onChange={(event) => setSearch(event.target.value)}
        />
        {all && rows.length === 0 && <p className="muted">{t('records.empty')}</p>}
        <ul className="records-rows">
          {rows.map((row) => {
            const record = byUuid.get(row.uuid);
            const untranslated = record && !isNamedIn(kind, record, language);
            return (
              <li key={row.uuid}>
                <Link
                  href={`${base}/${row.uuid}`}
                  aria-current={id === row.uuid ? 'page' : undefined}
                  title={row.label}
                >
                  <span
                    className={untranslated ? 'is-untranslated' : undefined}
                    style={{ paddingInlineStart: `${depthOf(row.label)}rem` }}
                  >
                    {kind === 'category' && record && (
                      <span
                        aria-hidden="true"
                        className="category-dot"
                        style={{ background: categoryColor(record) }}
                      />
                    )}
                    {row.label.split(PATH_SEPARATOR).at(-1)}
                  </span>
                  {untranslated && language !== defaultLanguage && (
                    <span className="untranslated-mark">
                      {t('records.notTranslated', {
                        language: languageName(language, i18n.language),
                      })}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
      <div className="records-detail">
        {id ? (
          <OpenRecord
            key={id}
            kind={kind}
            id={id}
            onOpen={(uuid) => navigate(`${base}/${uuid}`)}
            onGone={() => navigate(base)}
          />
        ) : (
          <p className="muted">{t('records.choose')}</p>
        )}
      </div>
    </section>
  );
}
