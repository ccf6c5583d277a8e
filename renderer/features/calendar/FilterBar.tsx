/**
 * The calendar's filters: words, category, tag, venue, organizer, status and featured only.
 * "/" (the search command) puts the cursor in the words; "Clear" appears when any is set.
 */
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { UNTRASHED_STATUSES } from '#shared/schemas/common.ts';
import type { Language } from '#shared/languages.ts';
import { useLinkOptions } from '../events/use-link-options.ts';
import { activeFilterCount, NO_FILTERS, type CalendarFilters } from './calendar-filters.ts';

type Props = {
  filters: CalendarFilters;
  onChange: (filters: CalendarFilters) => void;
  language: Language;
  searchInput: RefObject<HTMLInputElement | null>;
};

const PICKS = [
  {
    key: 'categoryUuid',
    kind: 'category',
    label: 'field.categoryUuids',
    any: 'filters.anyCategory',
  },
  { key: 'tagUuid', kind: 'tag', label: 'field.tagUuids', any: 'filters.anyTag' },
  { key: 'venueUuid', kind: 'venue', label: 'field.venueUuid', any: 'filters.anyVenue' },
  {
    key: 'organizerUuid',
    kind: 'organizer',
    label: 'field.organizerUuids',
    any: 'filters.anyOrganizer',
  },
] as const;

function Pick({
  spec,
  filters,
  onChange,
  language,
}: Omit<Props, 'searchInput'> & { spec: (typeof PICKS)[number] }) {
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
      {PICKS.map((spec) => (
        <Pick
          key={spec.key}
          spec={spec}
          filters={filters}
          onChange={onChange}
          language={language}
        />
      ))}
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
      {active > 0 && (
        <button type="button" className="secondary" onClick={() => onChange(NO_FILTERS)}>
          {t('filters.clear', { count: active })}
        </button>
      )}
    </div>
  );
}
