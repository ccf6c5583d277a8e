/**
 * What an import will do (or did): counts, the names of what it creates, the columns it did
 * not recognise (each with a choice of what it holds), problems by line (and, when they are
 * all of records the rest can do without, that the others can be imported alone), what it
 * reads without the file saying it (notes: a title it gives, a zone it cannot know, what it
 * leaves out), and the first rows with their fate. A backup tells what it holds instead, and
 * names it too.
 */
import { useTranslation } from 'react-i18next';
import type { ImportAnswer, ImportNote, ImportRow, Problem } from '#shared/schemas/transfer.ts';
import { hour12In } from '../../ui/calendar-locale.ts';
import { RepeatMark } from '../../ui/RepeatMark.tsx';
import { ColumnChoices } from './ColumnChoices.tsx';
import { CreatedNames } from './CreatedNames.tsx';

/** A problem's line, with what it is in when that says more (an ICS file's `VEVENT <uid>`). */
function problemKey({ line, where }: Problem): 'problemWhere' | 'problemLine' | 'problemLineIn' {
  if (!line) return 'problemWhere';
  return where === 'file' || where === `line ${line}` ? 'problemLine' : 'problemLineIn';
}

type Props = {
  answer: ImportAnswer;
  /** Columns chosen for the file's headers (header → key), and how to choose one. */
  choices?: Readonly<Record<string, string>>;
  onChoose?: ((header: string, key: string) => void) | undefined;
};

export function ImportPreview({ answer, choices = {}, onChoose }: Props) {
  const { t, i18n } = useTranslation();
  /**
   * When, as the event keeps it: from its start to its end in its own wall time and zone,
   * named; an all-day event by its dates (a festival's three days, not its first).
   */
  const whenOf = (row: ImportRow) => {
    const wall = (time: string) => new Date(`${time.replace(' ', 'T')}Z`);
    const format = new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      ...(row.allDay
        ? {}
        : { timeStyle: 'short', hour12: hour12In(i18n.language, navigator.language) }),
      timeZone: 'UTC',
    });
    const start = wall(row.start);
    const end = wall(row.end);
    const when = end > start ? format.formatRange(start, end) : format.format(start);
    return row.allDay ? when : `${when} (${row.timezone})`;
  };
  /** A note in the user's words, on its line when it has one. */
  const noteText = (note: ImportNote) => {
    const text = t(`files.note.${note.key}`, note.params);
    return note.line ? t('files.noteLine', { line: note.line, text }) : text;
  };
  if (answer.format === 'json')
    return (
      <div className="files-preview">
        <p role="status" className="files-summary">
          {t(answer.dryRun ? 'files.backupHolds' : 'files.restored', answer.counts)}
        </p>
        <CreatedNames names={answer.createdNames} counts={answer.counts} />
      </div>
    );
  // Before the import its notes are what to know; after it, how the file was read.
  const notesTitle = t(answer.dryRun ? 'files.notesTitle' : 'files.notesTitleDone');
  const counts = [
    ['files.eventsNew', answer.events.new],
    ['files.eventsUpdated', answer.events.updated],
    ['files.eventsUnchanged', answer.events.unchanged],
    ['files.createdVenues', answer.created.venues],
    ['files.createdOrganizers', answer.created.organizers],
    ['files.createdCategories', answer.created.categories],
    ['files.createdTags', answer.created.tags],
  ] as const;
  return (
    <div className="files-preview">
      <p role="status" className="files-summary">
        {answer.problems.length > 0
          ? t('files.nothingWritten')
          : answer.format === 'csv' && answer.dryRun
            ? // A spreadsheet's user counts its rows, the header among them.
              t('files.wouldImportRows', { count: answer.rowCount })
            : t(answer.dryRun ? 'files.wouldImport' : 'files.imported', {
                count: answer.rowCount,
              })}
      </p>
      {answer.problems.length === 0 && (
        <dl className="files-counts">
          {counts.map(([label, count]) => (
            <div key={label}>
              <dt>{t(label)}</dt>
              <dd>{count}</dd>
            </div>
          ))}
        </dl>
      )}
      {answer.problems.length === 0 && (
        <CreatedNames names={answer.createdNames} counts={answer.created} />
      )}
      {answer.headers.length > 0 && onChoose ? (
        <ColumnChoices
          kind={answer.kind}
          headers={answer.headers}
          choices={choices}
          onChoose={onChoose}
        />
      ) : (
        answer.unknownHeaders.length > 0 && (
          <p className="muted">
            {t('files.unknownHeaders', { columns: answer.unknownHeaders.join(', ') })}
          </p>
        )
      )}
      {answer.notes.length > 0 && (
        <section className="files-notes" aria-label={notesTitle}>
          <p>{notesTitle}</p>
          <ul>
            {answer.notes.map((note, index) => (
              <li key={index}>{noteText(note)}</li>
            ))}
          </ul>
        </section>
      )}
      {answer.problems.length > 0 && (
        <section className="files-problems" aria-label={t('files.problemsTitle')}>
          <p className="field-problem" role="alert">
            {t('files.problemsTitle')}
          </p>
          <ul>
            {answer.problems.map((problem, index) => (
              <li key={index}>
                {t(`files.${problemKey(problem)}`, {
                  line: problem.line,
                  where: problem.where,
                  message: problem.message,
                })}
              </li>
            ))}
          </ul>
          {answer.broken !== undefined && (
            <p className="files-skippable">{t('files.problemsSkippable')}</p>
          )}
        </section>
      )}
      {answer.rows.length > 0 && answer.problems.length === 0 && (
        <div className="files-rows">
          <table>
            <caption className="visually-hidden">{t('files.rowsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('files.rowLine')}</th>
                <th scope="col">{t('files.rowTitle')}</th>
                <th scope="col">{t('files.rowWhen')}</th>
                <th scope="col">{t('files.rowAction')}</th>
              </tr>
            </thead>
            <tbody>
              {answer.rows.map((row) => (
                <tr key={`${row.line}-${row.start}`}>
                  <td>{row.line}</td>
                  <td>
                    {row.repeats && <RepeatMark className="files-repeat" />}
                    {row.title}
                    {row.venueRenamed && (
                      <div className="muted">{t('files.venueRenamed', row.venueRenamed)}</div>
                    )}
                  </td>
                  <td>{whenOf(row)}</td>
                  <td className={`files-action is-${row.action}`}>
                    {t(`files.action.${row.action}`)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {answer.rowCount > answer.rows.length && (
            <p className="muted">
              {t('files.moreRows', { rows: answer.rowCount - answer.rows.length })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
