/**
 * Import a calendar file: choose it (ICS, CSV or a JSON backup) and the language of its texts;
 * the server checks it whole and answers what it would do (new / updated / unchanged, records it
 * would add, problems by line) without writing; then "Import" writes it all or nothing. A CSV
 * column the check did not recognise can be given its meaning, and the file checked again
 * with it. When the only problems are records the server cannot read in a file otherwise
 * sound, the good ones can be imported without them (`skipBroken`), each skipped one named.
 * Nothing is written until the user chooses. Upload progress shows as a bar; the server's
 * work after the upload as a busy bar.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/languages.ts';
import type { ImportAnswer } from '#shared/schemas/transfer.ts';
import { useAdminApi, type ImportRequest } from '../../data/api/admin-api.ts';
import { useCalendarSettings } from '../../data/hooks.ts';
import { FramedDialog } from '../../ui/Dialog.tsx';
import { FileInput } from '../../ui/FileInput.tsx';
import { LanguageSelect } from '../../ui/LanguageSelect.tsx';
import { Field } from '../../ui/Field.tsx';
import { useApiProblem } from '../../hooks/use-api-problem.ts';
import { ImportPreview } from './ImportPreview.tsx';

type Choices = Readonly<Record<string, string>>;

type Stage =
  | { step: 'choose' }
  | { step: 'sending'; sent: number; commit: boolean }
  /** `choices`: the columns chosen when this answer was asked for. */
  | { step: 'preview'; answer: ImportAnswer; choices: Choices }
  | { step: 'done'; answer: ImportAnswer };

/** Whether two sets of chosen columns say the same. */
const sameChoices = (a: Choices, b: Choices) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([header, key]) => b[header] === key);

/** The label of the "import the good ones" choice, per kind of file. */
const IMPORT_GOOD = {
  events: 'files.importGoodEvents',
  venues: 'files.importGoodVenues',
  organizers: 'files.importGoodOrganizers',
} as const;

const formatOf = (name: string): ImportRequest['format'] | undefined => {
  const extension = name.toLowerCase().split('.').pop();
  if (extension === 'ics' || extension === 'ical') return 'ics';
  if (extension === 'csv' || extension === 'json') return extension;
  return undefined;
};

/** The files an import reads: ICS, CSV and JSON backups. */
const ACCEPTED = '.ics,.ical,.csv,.json,text/calendar,text/csv,application/json';

export function ImportDialog({
  onClose,
  initialFile,
}: {
  onClose: () => void;
  /** A file chosen before the dialog opened (the desktop app opened with an .ics). */
  initialFile?: File | undefined;
}) {
  const { t } = useTranslation();
  const api = useAdminApi();
  const problemOf = useApiProblem();
  const { defaultLanguage } = useCalendarSettings();
  const [file, setFile] = useState<File | undefined>(initialFile);
  const [language, setLanguage] = useState<Language>(defaultLanguage);
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [problem, setProblem] = useState<string>();
  const [choices, setChoices] = useState<Choices>({});
  const format = file ? formatOf(file.name) : undefined;
  // Once the file is on its way (or in), the choices that made it stay as they were.
  const locked = stage.step === 'sending' || stage.step === 'done';

  const send = async (commit: boolean, skipBroken = false) => {
    if (!file || !format) return;
    setProblem(undefined);
    setStage({ step: 'sending', sent: 0, commit });
    const sent = choices;
    const request = {
      format,
      dryRun: !commit,
      language,
      ...(skipBroken ? { skipBroken: true } : {}),
      ...(format === 'csv' && Object.keys(sent).length > 0 ? { columns: sent } : {}),
    };
    try {
      const answer = await api.importFile(file, request, (part) =>
        setStage({ step: 'sending', sent: part, commit }),
      );
      setStage(commit ? { step: 'done', answer } : { step: 'preview', answer, choices: sent });
    } catch (error) {
      setProblem(problemOf(error));
      setStage({ step: 'choose' });
    }
  };
  const answer = stage.step === 'preview' || stage.step === 'done' ? stage.answer : undefined;
  const summary = answer && answer.format !== 'json' ? answer : undefined;
  const blocked = summary && summary.problems.length > 0;
  // Columns chosen since the check: its preview no longer says what an import would do.
  const stale = stage.step === 'preview' && !sameChoices(stage.choices, choices);
  const chooseColumn = (header: string, key: string) => {
    // "Leave out" for a column the check left out anyway is no choice to send.
    const known = summary?.headers.find((each) => each.header.trim() === header);
    const next = { ...choices };
    if (key === '' && known?.key === null && !known.chosen) delete next[header];
    else next[header] = key;
    setChoices(next);
  };
  const primary = () => {
    if (stage.step !== 'preview' || stale)
      return (
        <button
          type="button"
          disabled={!format || stage.step === 'sending'}
          onClick={() => void send(false)}
        >
          {t(stale ? 'files.recheck' : 'files.check')}
        </button>
      );
    if (!blocked)
      return (
        <button type="button" onClick={() => void send(true)}>
          {t('files.confirmImport')}
        </button>
      );
    if (summary?.broken !== undefined)
      return (
        <button type="button" onClick={() => void send(true, true)}>
          {t('files.importGoodSkip', {
            importGood: t(IMPORT_GOOD[summary.kind], { count: summary.rowCount }),
            skip: t('files.skipThese', { count: summary.broken }),
          })}
        </button>
      );
    return (
      <button type="button" onClick={() => void send(false)}>
        {t('files.check')}
      </button>
    );
  };

  return (
    <FramedDialog
      title={t('files.importTitle')}
      onClose={onClose}
      className="files-dialog"
      footer={
        <>
          {stage.step === 'done' ? (
            <button type="button" onClick={onClose}>
              {t('files.close')}
            </button>
          ) : (
            <>
              <button type="button" className="secondary" onClick={onClose}>
                {t('editor.cancel')}
              </button>
              {primary()}
            </>
          )}
        </>
      }
    >
      {/* "Nothing changes until you import it" is no longer so once it is imported. */}
      {stage.step !== 'done' && <p className="muted">{t('files.importHint')}</p>}
      <div className="files-choices">
        <Field label={t('files.chooseFile')}>
          {(ids) => (
            <FileInput
              ids={ids}
              accept={ACCEPTED}
              disabled={locked}
              file={file}
              onChange={(chosen) => {
                setFile(chosen);
                setChoices({});
                setStage({ step: 'choose' });
              }}
            />
          )}
        </Field>
        <Field label={t('files.textLanguage')}>
          {({ id }) => (
            <LanguageSelect
              id={id}
              value={language}
              disabled={locked}
              onChange={(chosen) => {
                setLanguage(chosen);
                setStage({ step: 'choose' });
              }}
            />
          )}
        </Field>
      </div>
      {file && !format && (
        <p className="field-problem" role="alert">
          {t('files.unknownFormat')}
        </p>
      )}
      {stage.step === 'sending' && (
        <div className="files-progress">
          <span>
            {t(
              stage.sent < 1
                ? 'files.sending'
                : stage.commit
                  ? 'files.importing'
                  : 'files.checking',
            )}
          </span>
          <progress
            aria-label={t('files.progress')}
            {...(stage.sent < 1 ? { value: stage.sent, max: 1 } : {})}
          />
        </div>
      )}
      {problem && (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      )}
      {answer && (
        <ImportPreview
          answer={answer}
          choices={choices}
          onChoose={stage.step === 'preview' ? chooseColumn : undefined}
        />
      )}
    </FramedDialog>
  );
}
