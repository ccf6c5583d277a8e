/**
 * "Print programme…" (the calendar's toolbar, Ctrl+P, the palette, the menu): the dates of the
 * programme (the month on screen at first), whether each event has a short description and
 * whether double bookings are marked (for staff: visitors need not see them),
 * then Print, which prints the programme alone (Programme.tsx and the print CSS), not the app,
 * and closes the dialog when the printing is done; the desktop app can save it as a PDF too.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarqueeBridge } from '#shared/ipc/contract.ts';
import { clashingWith } from '../../data/clash-list.ts';
import { useCalendarSettings } from '../../data/hooks.ts';
import { useReplica } from '../../data/replica-context.ts';
import { FramedDialog } from '../../ui/Dialog.tsx';
import { DateInput } from '../../ui/DateInput.tsx';
import { Field } from '../../ui/Field.tsx';
import { activeFilterCount, eventFilter, withChildren } from '../../data/calendar-filters.ts';
import { savedDate, savedFilters } from '../../data/calendar-views.ts';
import { Programme } from './Programme.tsx';
import { programmeDays, programmeRange } from './programme.ts';

const DAY_MS = 24 * 60 * 60_000;

/** A UTC `YYYY-MM-DD HH:MM:SS` moved by some milliseconds. */
const shiftUtc = (utc: string, ms: number) =>
  new Date(Date.parse(`${utc.replace(' ', 'T')}Z`) + ms)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');

const bridge = () => (window as { marquee?: MarqueeBridge }).marquee;

/** The month of the date on screen (or today's): its first and last days. */
function monthOf(date: string | undefined): { from: string; to: string } {
  const day = date ?? new Date().toISOString().slice(0, 10);
  const [year = 2000, month = 1] = day.split('-').map(Number);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = day.slice(0, 7);
  return { from: `${prefix}-01`, to: `${prefix}-${String(last).padStart(2, '0')}` };
}

export function ProgrammeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { events, records } = useReplica();
  const { timezone, clashHolds } = useCalendarSettings();
  const [range, setRange] = useState(() => monthOf(savedDate()));
  const [saved, setSaved] = useState<string>();
  const [descriptions, setDescriptions] = useState(false);
  const [markClashes, setMarkClashes] = useState(false);
  // The browser says when its print dialog is done (printed or cancelled): the programme is no
  // longer needed then. Leaving earlier would take the programme out of the page being printed.
  // Only after Print: saving a PDF keeps the dialog open, to say where the file went.
  const printing = useRef(false);
  useEffect(() => {
    const done = () => {
      if (printing.current) onClose();
    };
    window.addEventListener('afterprint', done);
    return () => window.removeEventListener('afterprint', done);
  }, [onClose]);
  const print = () => {
    printing.current = true;
    window.print();
  };
  // The calendar's filters as the dialog opens.
  const [filters] = useState(savedFilters);
  const wrong = range.to < range.from;
  const programme = useLiveQuery(async () => {
    if (wrong || !range.from || !range.to) return undefined;
    const { startUtc, endUtc } = programmeRange(range.from, range.to, timezone);
    const [found, venues, categories] = await Promise.all([
      events.between(startUtc, endUtc),
      records.list('venue'),
      records.list('category'),
    ]);
    const shown = found.filter(eventFilter(filters, withChildren(categories)));
    // A clash is with any event at the venue, shown or not: a day's margin either side catches
    // one that only a buffer reaches.
    const around = markClashes
      ? await events.between(shiftUtc(startUtc, -DAY_MS), shiftUtc(endUtc, DAY_MS))
      : [];
    return {
      days: programmeDays(shown, range.from, range.to, timezone),
      names: new Map([...venues, ...categories].map((record) => [record.uuid, record])),
      clashes: clashingWith(around, venues, { holds: clashHolds ?? true, zone: timezone }),
    };
  }, [events, records, range, timezone, wrong, filters, markClashes, clashHolds]);
  const desktop = bridge();
  const savePdf = async () => {
    const path = await desktop?.printToPdf(`programme-${range.from}-${range.to}.pdf`);
    if (path) setSaved(path);
  };
  const dateField = (key: 'from' | 'to') => (
    <Field
      label={t(`files.${key}`)}
      problem={key === 'to' && wrong ? { key: 'validation.invalid' } : undefined}
    >
      {({ id, describedBy }) => (
        <DateInput
          id={id}
          aria-describedby={describedBy}
          value={range[key]}
          onChange={(value) => setRange({ ...range, [key]: value })}
        />
      )}
    </Field>
  );
  const filtered = activeFilterCount(filters);
  return (
    <>
      <FramedDialog
        title={t('programme.title')}
        onClose={onClose}
        className="files-dialog"
        footer={
          <>
            <button type="button" className="secondary" onClick={onClose}>
              {t('files.close')}
            </button>
            {desktop && (
              <button
                type="button"
                className="secondary"
                disabled={!programme}
                onClick={() => void savePdf()}
              >
                {t('programme.savePdf')}
              </button>
            )}
            <button type="button" disabled={!programme} onClick={print}>
              {t('programme.print')}
            </button>
          </>
        }
      >
        <p className="muted">{t('programme.intro')}</p>
        <div className="files-choices">
          {dateField('from')}
          {dateField('to')}
        </div>
        <label className="check">
          <input
            type="checkbox"
            checked={descriptions}
            onChange={(event) => setDescriptions(event.target.checked)}
          />
          {t('programme.descriptions')}
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={markClashes}
            onChange={(event) => setMarkClashes(event.target.checked)}
          />
          {t('programme.markClashes')}
        </label>
        {wrong && (
          <p className="field-problem" role="alert">
            {t('programme.badRange')}
          </p>
        )}
        {filtered > 0 && <p className="muted">{t('programme.filtered', { count: filtered })}</p>}
        {saved && <p role="status">{t('programme.saved', { path: saved })}</p>}
      </FramedDialog>
      {programme && (
        <Programme
          days={programme.days}
          from={range.from}
          to={range.to}
          names={programme.names}
          descriptions={descriptions}
          clashes={programme.clashes}
        />
      )}
    </>
  );
}
