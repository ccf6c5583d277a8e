/**
 * The question a change to one occurrence of a series asks, as desktop calendars ask it: this
 * event, this and the following ones, or all of them. A new repeat rule cannot apply to one
 * occurrence alone, so then only the last two are offered. Cancel answers nothing: whatever
 * was being changed stays as it was typed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCOPES, type Scope } from '#shared/series/occurrences.ts';
import { FramedDialog } from './Dialog.tsx';

export type ScopeQuestion = {
  /** What is being done: saving the editor, a drag in the calendar, moving to the trash. */
  action: 'edit' | 'move' | 'trash';
  /** The repeat rule changes: "this event" alone is not offered. */
  ruleChanged?: boolean;
};

type Props = ScopeQuestion & { onAnswer: (scope: Scope | undefined) => void };

export function ScopeDialog({ action, ruleChanged = false, onAnswer }: Props) {
  const { t } = useTranslation();
  const scopes = ruleChanged ? SCOPES.filter((scope) => scope !== 'this') : SCOPES;
  const [chosen, setChosen] = useState<Scope>(scopes[0]);
  const title = t(`scope.${action}Title`);
  return (
    <FramedDialog
      title={title}
      className="scope-dialog"
      onClose={() => onAnswer(undefined)}
      onSubmit={() => onAnswer(chosen)}
      footer={
        <>
          <button type="button" className="secondary" onClick={() => onAnswer(undefined)}>
            {t('editor.cancel')}
          </button>
          <button type="submit">{t('scope.ok')}</button>
        </>
      }
    >
      <fieldset className="scope-choices">
        <legend className="visually-hidden">{title}</legend>
        {scopes.map((scope) => (
          <label key={scope} className="check">
            <input
              type="radio"
              name="scope"
              value={scope}
              checked={chosen === scope}
              onChange={() => setChosen(scope)}
              data-autofocus={chosen === scope || undefined}
            />
            {t(`scope.${scope}`)}
          </label>
        ))}
      </fieldset>
      {ruleChanged && <p className="field-hint">{t('scope.ruleNote')}</p>}
    </FramedDialog>
  );
}
