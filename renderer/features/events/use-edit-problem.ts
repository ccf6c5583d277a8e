/**
 * Local edits that fail, in the UI language. A series the replica refuses is worded as the
 * Repeat control words its problems (repeat-check.ts); any other error gets a generic sentence
 * (logged for whoever looks), so a failure never goes unsaid and never shows English detail in
 * another language. `notify` shows it in a toast, for failures with no dialog open (a drag, an
 * undo): a modal dialog makes the rest of the page, toasts included, inert.
 */
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { HORIZON_YEARS, MAX_OCCURRENCES } from '#shared/series/occurrences.ts';
import { useDayFormats } from '../../hooks/use-date-format.ts';
import { problemOfError } from './repeat-check.ts';
import type { RepeatProblem } from './repeat-rule.ts';

type EditProblem = {
  /** A problem of the Repeat control as a sentence. */
  repeatText: (problem: RepeatProblem) => string;
  /** What went wrong with an edit, as a sentence. */
  text: (error: unknown) => string;
  /** Shows what went wrong in a toast. */
  notify: (error: unknown) => void;
};

export function useEditProblem(): EditProblem {
  const { t, i18n } = useTranslation();
  const days = useDayFormats();
  const repeatText = useCallback(
    (problem: RepeatProblem) =>
      t(problem.key, {
        max: new Intl.NumberFormat(i18n.language).format(MAX_OCCURRENCES),
        years: HORIZON_YEARS,
        date: problem.date ? days.date(problem.date) : '',
      }),
    [t, i18n.language, days],
  );
  return useMemo(() => {
    const text = (error: unknown) => {
      const problem = problemOfError(error);
      if (problem) return repeatText(problem);
      console.error(error);
      return t('editor.failed');
    };
    return { repeatText, text, notify: (error: unknown) => void toast.error(text(error)) };
  }, [repeatText, t]);
}
