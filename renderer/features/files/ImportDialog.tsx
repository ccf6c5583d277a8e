/**
 * Import a calendar file: choose it (ICS, CSV or a JSON backup) and the language of its texts;
 * the server checks it whole and answers what it would do (new / updated / unchanged, records it
 * would add, problems by line) without writing; then "Import" writes it all or nothing. Upload
 * progress shows as a bar; the server's work after the upload as a busy bar.
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
import { useApiProblem } from '../settings/use-settings.ts';
import { ImportPreview } from './ImportPreview.tsx';

type Stage =
  | { step: 'choose' }
  | { step: 'sending'; sent: number; commit: boolean }
  | { step: 'preview'; answer: ImportAnswer }
  | { step: 'done'; answer: ImportAnswer };

const formatOf = (name: string): ImportRequest['format'] | undefined => {
  const extension = name.toLowerCase().split('.').pop();
  if (extension === 'ics' || extension === 'ical') return 'ics';
  if (extension === 'csv' || extension === 'json') return extension;
  return undefined;
};

/** The files an import reads: ICS, CSV and JSON backups. */
const ACCEPTED = '.ics,.ical,.csv,.json,text/calendar,text/csv,application/json';

export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const api = useAdminApi();
  const problemOf = useApiProblem();
  const { defaultLanguage } = useCalendarSettings();
  const [file, setFile] = useState<File>();
  const [language, setLanguage] = useState<Language>(defaultLanguage);
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [problem, setProblem] = useState<string>();
  const format = file ? formatOf(file.name) : undefined;
  // Once the file is on its way (or in), the choices that made it stay as they were.
  const locked = stage.step === 'sending' || stage.step === 'done';

  const send = async (commit: boolean) => {
    if (!file || !format) return;
    setProblem(undefined);
    setStage({ step: 'sending', sent: 0, commit });
    try {
      const answer = await api.importFile(file, { format, dryRun: !commit, language }, (sent) =>
        setStage({ step: 'sending', sent, commit }),
      );
      setStage({ step: commit ? 'done' : 'preview', answer });
    } catch (error) {
      setProblem(problemOf(error));
      setStage({ step: 'choose' });
    }
  };
  const answer = stage.step === 'preview' || stage.step === 'done' ? stage.answer : undefined;
  const blocked = answer && 'problems' in answer && answer.problems.length > 0;

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
              {stage.step === 'preview' && !blocked ? (
                <button type="button" onClick={() => void send(true)}>
                  {t('files.confirmImport')}
                </button>
              ) : (
                <button
                  type="button"
                  disabled={!format || stage.step === 'sending'}
                  onClick={() => void send(false)}
                >
                  {t('files.check')}
                </button>
              )}
            </>
          )}
        </>
      }
    >
      <p className="muted">{t('files.importHint')}</p>
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
      {answer && <ImportPreview answer={answer} />}
    </FramedDialog>
  );
}
