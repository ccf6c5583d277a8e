/**
 * The calendar's filters: words, category and venue in one row, with tag, organizer, status and
 * featured only under "More filters" (which counts those set). All seven in a row took two rows
 * in five of the eight UI languages at 1280 px; the three kept in view are the ones a venue
 * filters by most. "/" (the search command) puts the cursor in the words; "Clear" appears when
 * any is set.
 */
import { useId, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { UNTRASHED_STATUSES } from '#shared/schemas/common.ts';
import type { Language } from '#shared/languages.ts';
import { useLinkOptions } from '../../hooks/use-link-options.ts';
import {
  activeFilterCount,
  NO_FILTERS,
  type CalendarFilters,
} from '../../data/calendar-filters.ts';

type Props = {
  filters: CalendarFilters;
  onChange: (filters: CalendarFilters) => void;
  language: Language;
  searchInput: RefObject<HTMLInputElement | null>;
};

const CATEGORY = {
  key: 'categoryUuid',
  kind: 'category',
  label: 'field.categoryUuids',
  any: 'filters.anyCategory',
} as const;
const VENUE = {
  key: 'venueUuid',
  kind: 'venue',
  label: 'field.venueUuid',
  any: 'filters.anyVenue',
} as const;
const TAG = {
  key: 'tagUuid',
  kind: 'tag',
  label: 'field.tagUuids',
  any: 'filters.anyTag',
} as const;
const ORGANIZER = {
  key: 'organizerUuid',
  kind: 'organizer',
  label: 'field.organizerUuids',
  any: 'filters.anyOrganizer',
} as const;
type PickSpec = typeof CATEGORY | typeof VENUE | typeof TAG | typeof ORGANIZER;

/** The filters under "More filters". */
const MORE_KEYS = ['tagUuid', 'organizerUuid', 'status', 'featuredOnly'] as const;

function Pick({
  spec,
  filters,
  onChange,
  language,
}: Omit<Props, 'searchInput'> & { spec: PickSpec }) {
  const { t } = useTranslation();
  const options = useLinkOptions(spec.kind, language);
  return (
    <select
      aria-label={t(spec.label)}
      value={filters[spec.key]}
      onChange={(event) => onChange({ ...filters, [spec.key]: event.target.value })}
    >
      <option value="">{t(spec.any)}</option>
      {options.map((option) => (
        <option key={option.uuid} value={option.uuid}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

export function FilterBar({ filters, onChange, language, searchInput }: Props) {
  const { t } = useTranslation();
  const active = activeFilterCount(filters);
  const moreSet = MORE_KEYS.filter((key) => filters[key] !== NO_FILTERS[key]).length;
  // Open from the start when one of them is set, so a filter in force is never out of sight.
  const [moreOpen, setMoreOpen] = useState(moreSet > 0);
  const moreId = useId();
  const shared = { filters, onChange, language };
  return (
    <div className="filter-bar" role="search" aria-label={t('filters.label')}>
      <input
        ref={searchInput}
        type="search"
        value={filters.text}
        placeholder={t('filters.search')}
        aria-label={t('filters.search')}
        onChange={(event) => onChange({ ...filters, text: event.target.value })}
      />
      <Pick spec={CATEGORY} {...shared} />
      <Pick spec={VENUE} {...shared} />
      <button
        type="button"
        className="secondary"
        aria-expanded={moreOpen}
        aria-controls={moreId}
        onClick={() => setMoreOpen((open) => !open)}
      >
        {moreSet > 0 ? t('filters.moreSet', { count: moreSet }) : t('filters.more')}
      </button>
      {active > 0 && (
        <button type="button" className="secondary" onClick={() => onChange(NO_FILTERS)}>
          {t('filters.clear', { count: active })}
        </button>
      )}
      <div id={moreId} className="filter-more" hidden={!moreOpen}>
        <Pick spec={TAG} {...shared} />
        <Pick spec={ORGANIZER} {...shared} />
        <select
          aria-label={t('field.status')}
          value={filters.status}
          onChange={(event) =>
            onChange({ ...filters, status: event.target.value as CalendarFilters['status'] })
          }
        >
          <option value="">{t('filters.anyStatus')}</option>
          {UNTRASHED_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`postStatus.${status}`)}
            </option>
          ))}
        </select>
        <label className="check">
          <input
            type="checkbox"
            checked={filters.featuredOnly}
            onChange={(event) => onChange({ ...filters, featuredOnly: event.target.checked })}
          />
          {t('filters.featuredOnly')}
        </label>
      </div>
    </div>
  );
}
