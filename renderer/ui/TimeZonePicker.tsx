/**
 * A time zone field: the zones grouped by region, each with its UTC offset and its name in the
 * UI language, under their current names ("Asia/Kolkata", not V8's "Asia/Calcutta"), and a
 * search that narrows the list. A search that finds one zone takes it at once; one that finds
 * several says so and lets the form know (`onUnresolved`), so a save asks which instead of
 * keeping the zone shown; Enter takes the first found (and never submits the surrounding form).
 * A value under an old name is shown as its current one but is only rewritten when someone
 * picks a zone.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  currentZoneName,
  offering,
  zoneGroups,
  zoneLabeller,
  zoneMatches,
  type ZoneGroup,
} from '#shared/time/zone-catalogue.ts';
import type { FieldIds } from './Field.tsx';

// Building the catalogue asks ICU about ~420 zones (~0.1 s): once per UI language and session;
// the value in force is added to it when the runtime does not list it.
const catalogues = new Map<string, ZoneGroup[]>();
function catalogueFor(locale: string, keep: string): ZoneGroup[] {
  let groups = catalogues.get(locale);
  if (!groups) {
    groups = zoneGroups(locale, new Date());
    catalogues.set(locale, groups);
  }
  return offering(groups, keep, locale, new Date());
}

type Props = {
  ids: FieldIds;
  value: string;
  onChange: (zone: string) => void;
  /** Whether the search names several zones and none is chosen among them yet. */
  onUnresolved?: (unresolved: boolean) => void;
};

export function TimeZonePicker({ ids, value, onChange, onUnresolved }: Props) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const selected = currentZoneName(value);
  const groups = useMemo(() => catalogueFor(i18n.language, value), [i18n.language, value]);
  const zoneLabel = useMemo(() => zoneLabeller(groups, i18n.language), [groups, i18n.language]);
  const shown = useMemo(
    () =>
      groups
        .map((group) => ({
          region: group.region,
          zones: group.zones.filter(
            (choice) => choice.zone === selected || zoneMatches(choice, query),
          ),
        }))
        .filter((group) => group.zones.length > 0),
    [groups, query, selected],
  );
  const chosen = groups.flatMap((group) => group.zones).find((choice) => choice.zone === selected);
  const found = query.trim()
    ? groups.flatMap((group) => group.zones).filter((choice) => zoneMatches(choice, query))
    : [];
  const firstFound = found.find((choice) => choice.zone !== selected);
  const search = (text: string) => {
    setQuery(text);
    const matches = text.trim()
      ? groups.flatMap((group) => group.zones).filter((choice) => zoneMatches(choice, text))
      : [];
    const only = matches.length === 1 ? matches[0] : undefined;
    if (only && only.zone !== selected) onChange(only.zone);
    onUnresolved?.(matches.length > 1 && !matches.some((choice) => choice.zone === selected));
  };
  return (
    <span className="zone-picker">
      <input
        type="search"
        className="zone-search"
        aria-label={t('zone.search')}
        aria-controls={ids.id}
        placeholder={t('zone.search')}
        value={query}
        onChange={(event) => search(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          if (query.trim() && firstFound) {
            onChange(firstFound.zone);
            setQuery('');
            onUnresolved?.(false);
          }
        }}
      />
      <select
        id={ids.id}
        aria-describedby={ids.describedBy}
        aria-invalid={ids.invalid || undefined}
        value={selected}
        onChange={(event) => {
          onChange(event.target.value);
          setQuery('');
          onUnresolved?.(false);
        }}
      >
        {shown.map((group) => (
          <optgroup key={group.region} label={t(`zone.region.${group.region}`)}>
            {group.zones.map((choice) => (
              <option key={choice.zone} value={choice.zone}>
                {zoneLabel(choice)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {found.length > 1 && !found.some((choice) => choice.zone === selected) && (
        <span className="zone-name">{t('zone.several', { count: found.length })}</span>
      )}
      {/* The zone's name in the UI language, where its label does not say it already. */}
      {chosen?.name && !zoneLabel(chosen).includes(chosen.name) && (
        <span className="zone-name">{chosen.name}</span>
      )}
    </span>
  );
}
