/**
 * Export: a format (ICS for calendar apps, CSV for spreadsheets and TEC, a JSON backup of
 * everything), for CSV which records and whether spreadsheet-safe, and for events which ones
 * (dates, category, drafts too or not), texts in the content language. The file downloads.
 */
import { UNTRASHED_STATUSES } from '#shared/schemas/common.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminApi } from '../../data/api/admin-api.ts';
import { useReplica } from '../../data/replica-context.ts';
import { useContentLanguage } from '../../hooks/content-language.ts';
import { useFeedAddress } from '../../hooks/use-feed-address.ts';
import { CopyableAddress } from '../../ui/CopyableAddress.tsx';
import { FramedDialog } from '../../ui/Dialog.tsx';
import { DateInput } from '../../ui/DateInput.tsx';
import { Field } from '../../ui/Field.tsx';
import { useLinkOptions } from '../../hooks/use-link-options.ts';
import { useApiProblem } from '../../hooks/use-api-problem.ts';
import { saveFile } from '../../ui/save-file.ts';

type Format = 'ics' | 'csv' | 'json';
type ExportedList = 'events' | 'venues' | 'organizers';

const FORMATS: readonly Format[] = ['ics', 'csv', 'json'];
const KINDS: readonly ExportedList[] = ['events', 'venues', 'organizers'];
const FORMAT_LABELS = {
  ics: 'files.formatIcs',
  csv: 'files.formatCsv',
  json: 'files.formatJson',
} as const;
const KIND_LABELS = {
  events: 'files.kindEvents',
  venues: 'files.kindVenues',
  organizers: 'files.kindOrganizers',
} as const;

function Check(props: { checked: boolean; onChange: (checked: boolean) => void; label: string }) {
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      {props.label}
    </label>
  );
}

/** Instead of a file: the feed calendar apps subscribe to, for the category chosen. */
function Subscription({ category }: { category: string | undefined }) {
  const { t } = useTranslation();
  const feed = useFeedAddress(category);
  return (
    <div className="files-subscription">
      <p>{t('subscription.description')}</p>
      <CopyableAddress address={feed.address} />
      {feed.localOnly && <p className="muted">{t('subscription.localOnly')}</p>}
    </div>
  );
}

export function ExportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const api = useAdminApi();
  const problemOf = useApiProblem();
  const [language] = useContentLanguage();
  const categories = useLinkOptions('category', language);
  const { records } = useReplica();
  const [format, setFormat] = useState<Format>('ics');
  const [kind, setKind] = useState<ExportedList>('events');
  // A CSV file is downloaded to be opened: safe from formulas unless the user unticks it.
  const [safe, setSafe] = useState(true);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [category, setCategory] = useState('');
  const [unpublished, setUnpublished] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ saved?: string; problem?: string }>({});
  const events = format !== 'json' && (format === 'ics' || kind === 'events');

  const run = async () => {
    setBusy(true);
    try {
      const query = await queryOf();
      if (!query) return setResult({ problem: t('files.categoryNotSynced') });
      const file = await api.exportFile(query);
      saveFile(file.name, file.blob);
      setResult({ saved: file.name });
    } catch (error) {
      setResult({ problem: problemOf(error) });
    } finally {
      setBusy(false);
    }
  };

  /** The export's parameters; undefined while the chosen category has no server id yet. */
  const queryOf = async (): Promise<URLSearchParams | undefined> => {
    const query = new URLSearchParams({ format, language });
    if (format === 'csv') query.set('kind', kind);
    if (format === 'csv') query.set('spreadsheet_safe', String(safe));
    if (events) {
      if (from) query.set('start_date', `${from} 00:00:00`);
      if (to) query.set('end_date', `${to} 23:59:59`);
      // The API filters by id; a category made offline has none until it is synced.
      if (category) {
        const term = await records.get('category', category);
        if (typeof term?.id !== 'number' || term.id <= 0) return undefined;
        query.set('categories', String(term.id));
      }
      query.set('status', unpublished ? UNTRASHED_STATUSES.join(',') : 'publish');
    }
    return query;
  };

  return (
    <FramedDialog
      title={t('files.exportTitle')}
      onClose={onClose}
      className="files-dialog"
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose}>
            {t('files.close')}
          </button>
          <button type="button" disabled={busy} onClick={() => void run()}>
            {t('files.download')}
          </button>
        </>
      }
    >
      <fieldset className="files-formats">
        <legend>{t('files.format')}</legend>
        {FORMATS.map((option, index) => (
          <label key={option} className="check">
            <input
              type="radio"
              name="export-format"
              value={option}
              checked={format === option}
              {...(index === 0 ? { 'data-autofocus': true } : {})}
              onChange={() => setFormat(option)}
            />
            {t(FORMAT_LABELS[option])}
          </label>
        ))}
      </fieldset>
      {format === 'json' && <p className="muted">{t('files.backupNote')}</p>}
      {format === 'ics' && <Subscription category={category || undefined} />}
      {format === 'csv' && (
        <div className="files-choices">
          <Field label={t('files.kind')}>
            {({ id }) => (
              <select
                id={id}
                value={kind}
                onChange={(event) => setKind(event.target.value as ExportedList)}
              >
                {KINDS.map((option) => (
                  <option key={option} value={option}>
                    {t(KIND_LABELS[option])}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Check checked={safe} onChange={setSafe} label={t('files.spreadsheetSafe')} />
        </div>
      )}
      {events && (
        <div className="files-choices">
          <Field label={t('files.from')}>
            {({ id }) => <DateInput id={id} value={from} onChange={setFrom} />}
          </Field>
          <Field label={t('files.to')}>
            {({ id }) => <DateInput id={id} value={to} onChange={setTo} />}
          </Field>
          <Field label={t('field.categoryUuids')}>
            {({ id }) => (
              <select
                id={id}
                value={category}
                onChange={(event) => setCategory(event.target.value)}
              >
                <option value="">{t('filters.anyCategory')}</option>
                {categories.map((option) => (
                  <option key={option.uuid} value={option.uuid}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Check
            checked={unpublished}
            onChange={setUnpublished}
            label={t('files.unpublishedToo')}
          />
        </div>
      )}
      {result.saved && <p role="status">{t('files.exported', { name: result.saved })}</p>}
      {result.problem && (
        <p className="field-problem" role="alert">
          {result.problem}
        </p>
      )}
    </FramedDialog>
  );
}
