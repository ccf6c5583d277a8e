/**
 * A labelled form field: its label, the control, an optional hint and the problem with it
 * (announced, and tied to the control with aria-describedby / aria-invalid).
 */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProblem } from '../forms/field-problems.ts';

export type FieldIds = {
  id: string;
  labelId: string;
  describedBy: string | undefined;
  invalid: boolean;
};

type Props = {
  label: ReactNode;
  problem?: FieldProblem | undefined;
  hint?: ReactNode;
  className?: string;
  children: (ids: FieldIds) => ReactNode;
};

export function Field({ label, problem, hint, className, children }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const labelId = `${id}-label`;
  const describedBy =
    [hint ? hintId : '', problem ? problemId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', problem ? 'has-problem' : '', className].filter(Boolean).join(' ')}>
      <label id={labelId} htmlFor={id}>
        {label}
      </label>
      {children({ id, labelId, describedBy, invalid: Boolean(problem) })}
      {hint && (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
      {problem && (
        <div id={problemId} className="field-problem" role="alert">
          {t(problem.key, problem.values ?? {})}
        </div>
      )}
    </div>
  );
}
