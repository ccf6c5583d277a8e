/**
 * The event editor, in a dialog: every field of an event, texts per content language, checked
 * with the shared schema before saving (Ctrl/⌘+Enter), with duplicate and move-to-trash.
 * Closing with unsaved changes asks first, also when a link in it leads to another page.
 * Saving an occurrence of a series asks which occurrences the change is for; Cancel there
 * leaves the form as it was typed. A series the replica refuses on saving (too many
 * occurrences…) shows its problem at the Repeat control; any other failure of a save or a trip
 * to the trash is said at the foot. The form keeps what was typed either way.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { LANGUAGES, type Language } from '#shared/languages.ts';
import type { FieldProblems } from '../../forms/field-problems.ts';
import { useContentLanguage } from '../../hooks/content-language.ts';
import { useScopeQuestion } from '../../hooks/use-scope-question.tsx';
import { useCalendarSettings } from '../../data/hooks.ts';
import { useReplica } from '../../data/replica-context.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { LanguagePicker } from '../../ui/LanguagePicker.tsx';
import { RepeatMark } from '../../ui/RepeatMark.tsx';
import { eventProblems, ruleChanged, type EventFormValues } from './event-form.ts';
import { problemOfError, seriesProblem } from './repeat-check.ts';
import { ruleOf } from './repeat-rule.ts';
import { EventMainFields } from './EventMainFields.tsx';
import { EventSideFields } from './EventSideFields.tsx';
import type { CaughtProblem } from './RepeatField.tsx';
import { saveEvent } from './save-event.ts';
import { useEditProblem } from './use-edit-problem.ts';
import { EventIcsButton } from './EventIcsButton.tsx';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { ChangedElsewhere } from '../../ui/ChangedElsewhere.tsx';
import { becomesLongerThanADay } from './event-span.ts';

type Props = {
  uuid: string | undefined;
  initial: EventFormValues;
  /** An existing event: as the form began from it, and as it is now (undefined: gone). */
  edited?: { opened: CalendarEvent; current: CalendarEvent | undefined };
  /** The event is an occurrence of a series: a change asks which occurrences it is for. */
  occurrence?: boolean;
  onClose: () => void;
  onDuplicate: (values: EventFormValues) => void;
  /** Moves the event to the trash (asking which occurrences first); rejects when it cannot. */
  onTrash: (uuid: string) => Promise<void>;
};

const FOCUS_ORDER = [
  'title',
  'startDate',
  'startTime',
  'endDate',
  'endTime',
  'timezone',
  'repeat',
  'website',
  'image',
  'slug',
  'cost',
];

export function EventEditorDialog({
  uuid,
  initial,
  edited,
  occurrence = false,
  onClose,
  onDuplicate,
  onTrash,
}: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  const { records } = useReplica();
  const { defaultLanguage } = useCalendarSettings();
  const [contentLanguage] = useContentLanguage();
  const [language, setLanguage] = useState<Language>(contentLanguage);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [confirmingClose, setConfirmingClose] = useState(false);
  // A save that makes the event last more than a day, which it did not before, asks first.
  const [confirmingLength, setConfirmingLength] = useState(false);
  // A refusal of the series when saving (shown at the Repeat control), or another failure.
  const [caught, setCaught] = useState<CaughtProblem>();
  const [failure, setFailure] = useState<string>();
  const editProblem = useEditProblem();
  const scopeQuestion = useScopeQuestion();
  const form = useForm<EventFormValues>({ defaultValues: initial });
  const [title, description, excerpt, repeatChoice] = useWatch({
    control: form.control,
    name: ['title', 'description', 'excerpt', 'repeat.choice'],
  });
  const translated = useMemo(
    () =>
      new Set(
        LANGUAGES.filter((lang) =>
          [title, description, excerpt].some((text) => text[lang]?.trim()),
        ),
      ),
    [title, description, excerpt],
  );

  const before = uuid ? initial : undefined;
  const save = async (values: EventFormValues, lengthConfirmed: boolean) => {
    const found = eventProblems(values, before);
    setProblems(found);
    setCaught(undefined);
    setFailure(undefined);
    const first = FOCUS_ORDER.find((field) => found[field]);
    if (first) {
      form.setFocus(
        first === 'title'
          ? `title.${language}`
          : first === 'repeat'
            ? (seriesProblem(values, before, new Date())?.field ?? 'repeat.choice')
            : (first as keyof EventFormValues),
      );
    }
    // Any problem stops the save, also one of a field with no focus of its own (a picker's).
    if (Object.keys(found).length > 0) return;
    if (!lengthConfirmed && becomesLongerThanADay(initial, values)) {
      setConfirmingLength(true);
      return;
    }
    const scope =
      occurrence && isDirty
        ? await scopeQuestion.ask({ action: 'edit', ruleChanged: ruleChanged(initial, values) })
        : undefined;
    if (occurrence && isDirty && !scope) return;
    try {
      await saveEvent(
        records,
        { uuid, before, ...(edited && { opened: edited.opened }), ...(scope && { scope }) },
        values,
        language,
      );
    } catch (error) {
      // The check above counts from this date; the series may start earlier (scope all).
      const problem = problemOfError(error, values);
      if (problem) {
        setCaught({ problem, rule: ruleOf(values.repeat, values.startDate) });
        setProblems({ repeat: { key: 'validation.invalid' } });
        form.setFocus(problem.field);
      } else setFailure(editProblem.text(error));
      return;
    }
    onClose();
  };
  const submit = form.handleSubmit((values) => save(values, false));
  const submitLong = form.handleSubmit((values) => save(values, true));
  const trash = async (target: string) => {
    setFailure(undefined);
    try {
      await onTrash(target);
    } catch (error) {
      setFailure(editProblem.text(error));
    }
  };
  // Read while rendering: react-hook-form only tracks the form state a render asked for.
  const { isDirty, isSubmitting } = form.formState;
  // Escape while "Discard your changes?" is asked answers it as Keep editing, not by asking again.
  const close = () =>
    confirmingClose ? setConfirmingClose(false) : isDirty ? setConfirmingClose(true) : onClose();
  // A link in the editor (a trashed venue's "In the trash") leads to another page: the editor
  // closes as Cancel does, asking first when something is unsaved (once per page).
  const [location] = useLocation();
  const shownAt = useRef(location);
  useEffect(() => {
    if (location === shownAt.current) return;
    shownAt.current = location;
    close();
  });

  return (
    <>
      <Dialog labelledBy={headingId} onClose={close} className="event-editor">
        <FormProvider {...form}>
          <form
            noValidate
            onSubmit={(event) => void submit(event)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void submit();
            }}
          >
            <header className="editor-head">
              <div className="editor-title">
                <h2 id={headingId}>{uuid ? t('editor.editEvent') : t('editor.newEvent')}</h2>
                {(occurrence || repeatChoice !== 'none') && <RepeatMark />}
              </div>
              <LanguagePicker
                value={language}
                onChange={setLanguage}
                translated={translated}
                defaultLanguage={defaultLanguage}
              />
            </header>
            {edited?.current && (
              <ChangedElsewhere kind="event" opened={edited.opened} current={edited.current} />
            )}
            <div className="editor-body">
              <EventMainFields
                language={language}
                defaultLanguage={defaultLanguage}
                problems={problems}
                repeat={{ before, caught }}
              />
              <EventSideFields language={language} problems={problems} uuid={uuid} />
            </div>
            <footer className="editor-foot">
              {failure && (
                <p className="field-problem editor-failure" role="alert">
                  {failure}
                </p>
              )}
              {confirmingLength ? (
                <div className="confirm" role="alertdialog" aria-label={t('editor.longQuestion')}>
                  <span>{t('editor.longQuestion')}</span>
                  <button
                    type="button"
                    onClick={() => {
                      setConfirmingLength(false);
                      void submitLong();
                    }}
                  >
                    {t('editor.save')}
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    autoFocus
                    onClick={() => {
                      setConfirmingLength(false);
                      form.setFocus('endDate');
                    }}
                  >
                    {t('editor.keepEditing')}
                  </button>
                </div>
              ) : confirmingClose ? (
                <div
                  className="confirm"
                  role="alertdialog"
                  aria-label={t('editor.discardQuestion')}
                >
                  <span>{t('editor.discardQuestion')}</span>
                  <button type="button" className="danger" onClick={onClose}>
                    {t('editor.discard')}
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    autoFocus
                    onClick={() => setConfirmingClose(false)}
                  >
                    {t('editor.keepEditing')}
                  </button>
                </div>
              ) : (
                <>
                  {uuid && (
                    <div className="foot-start">
                      <button
                        type="button"
                        className="secondary danger-text"
                        onClick={() => void trash(uuid)}
                      >
                        {t('editor.trash')}
                      </button>
                      <button
                        type="button"
                        className="secondary"
                        onClick={() => onDuplicate(form.getValues())}
                      >
                        {t('editor.duplicate')}
                      </button>
                      <EventIcsButton uuid={uuid} />
                    </div>
                  )}
                  <button type="button" className="secondary" onClick={close}>
                    {t('editor.cancel')}
                  </button>
                  <button type="submit" disabled={isSubmitting}>
                    {t('editor.save')}
                  </button>
                </>
              )}
            </footer>
          </form>
        </FormProvider>
      </Dialog>
      {scopeQuestion.dialog}
    </>
  );
}
