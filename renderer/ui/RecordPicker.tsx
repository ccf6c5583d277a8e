/**
 * Picks linked records (a venue, organizers, categories, tags) by typing: the browser suggests
 * matching names, and choosing one takes it; Enter, "Add" or leaving the field takes the one
 * named (by its label, or its plain name or slug, any case or accents: name-match.ts), or a new
 * one with that name (created when the form is saved), so a name typed and never confirmed is
 * not dropped on Save. A name several records have, or one edit away from one, is asked about
 * first; until answered it stays typed, and the form will not save. Chosen ones are listed,
 * each with a button to remove it. The text being typed is the form's (`text`), so a dialog
 * knows it has unsaved input.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { choiceKey as keyOf, type LinkChoice } from '../forms/link-choice.ts';
import { matchTyped } from '../forms/name-match.ts';
import type { FieldIds } from './Field.tsx';

/**
 * `names`: the record's plain names (every language) and slugs, which a typed name may be.
 * `trashed`: chosen before it went to the trash; shown as such, never offered.
 */
export type PickerOption = {
  uuid: string;
  label: string;
  names?: readonly string[];
  trashed?: boolean;
};

/** A typed name that could mean several records, or is one edit away from some. */
type Question = { typed: string; near: boolean; options: PickerOption[] };

type Props = {
  ids: FieldIds;
  options: readonly PickerOption[];
  value: readonly LinkChoice[];
  onChange: (next: LinkChoice[]) => void;
  /** One at most (a venue): adding replaces. */
  single?: boolean;
  /** What is typed and not yet taken. */
  text: string;
  onTextChange: (text: string) => void;
};

export function RecordPicker(props: Props) {
  const { ids, options, value, onChange, single = false, text, onTextChange: setText } = props;
  const { t, i18n } = useTranslation();
  const listId = useId();
  const questionId = useId();
  const [question, setQuestion] = useState<Question>();
  const byUuid = new Map(options.map((option) => [option.uuid, option]));
  const labelOf = (choice: LinkChoice) =>
    'uuid' in choice ? (byUuid.get(choice.uuid)?.label ?? t('sync.untitled')) : choice.create;
  const chosen = new Set(value.map(keyOf));

  const take = (choice: LinkChoice) => {
    if (!chosen.has(keyOf(choice))) onChange(single ? [choice] : [...value, choice]);
    setQuestion(undefined);
    setText('');
  };
  const add = (typed = text) => {
    const name = typed.trim();
    if (!name) return;
    const offered = options.filter((option) => !option.trashed);
    const match = matchTyped(name, offered, i18n.language);
    if (match.kind === 'one') take({ uuid: match.option.uuid });
    else if (match.kind === 'none') take({ create: name });
    else setQuestion({ typed: name, near: match.kind === 'near', options: match.options });
  };

  return (
    <div className="record-picker">
      {value.length > 0 && (
        <ul className="chips">
          {value.map((choice) => (
            <li key={keyOf(choice)} className="chip">
              <span>{labelOf(choice)}</span>
              {'create' in choice && <span className="chip-note">{t('editor.willCreate')}</span>}
              {'uuid' in choice && byUuid.get(choice.uuid)?.trashed && (
                <a className="chip-note" href="#/trash">
                  {t('postStatus.trash')}
                </a>
              )}
              <button
                type="button"
                className="chip-remove"
                aria-label={t('editor.remove', { name: labelOf(choice) })}
                onClick={() => onChange(value.filter((other) => keyOf(other) !== keyOf(choice)))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="picker-input">
        <input
          id={ids.id}
          list={listId}
          value={text}
          placeholder={t('editor.pickerPlaceholder')}
          aria-describedby={
            question ? `${ids.describedBy ?? ''} ${questionId}`.trim() : ids.describedBy
          }
          aria-invalid={ids.invalid || undefined}
          autoComplete="off"
          onChange={(event) => {
            const { value } = event.target;
            setQuestion(undefined);
            // A suggestion chosen from the list is taken at once and the field cleared for the
            // next (browsers mark that change as a replacement, not typing).
            const picked = (event.nativeEvent as InputEvent).inputType === 'insertReplacementText';
            if (picked && options.some((option) => !option.trashed && option.label === value))
              add(value);
            else setText(value);
          }}
          onBlur={() => add()}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
        />
        <button type="button" className="secondary" onClick={() => add()} disabled={!text.trim()}>
          {t('editor.add')}
        </button>
        <datalist id={listId}>
          {options
            .filter((option) => !option.trashed && !chosen.has(option.uuid))
            .map((option) => (
              <option key={option.uuid} value={option.label} />
            ))}
        </datalist>
      </div>
      {question && (
        <div className="picker-question" role="group" aria-labelledby={questionId}>
          <p id={questionId}>
            {question.near
              ? t('editor.didYouMean', { name: question.typed })
              : t('editor.whichOne', { name: question.typed })}
          </p>
          {question.options.map((option) => (
            <button
              key={option.uuid}
              type="button"
              className="secondary"
              onClick={() => take({ uuid: option.uuid })}
            >
              {option.label}
            </button>
          ))}
          <button
            type="button"
            className="secondary"
            onClick={() => take({ create: question.typed })}
          >
            {t('editor.createNamed', { name: question.typed })}
          </button>
        </div>
      )}
    </div>
  );
}
