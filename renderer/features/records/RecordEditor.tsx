/**
 * Edits one venue, organizer, category or tag (or a new one) beside its list: every field in
 * the chosen content language, checked with the shared schema on save; deleting sends venues
 * and organizers to the trash (with undo) and deletes categories and tags for good (after a
 * question). Its events are listed below.
 */
import type { LinkedKind } from '#shared/kinds/registry.ts';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '#shared/languages.ts';
import type { Multilingual } from '#shared/schemas/multilingual.ts';
import { useContentLanguage } from '../../hooks/content-language.ts';
import { useUndo } from '../../hooks/undo.ts';
import { useScheduledLabel } from '../../hooks/use-scheduled-label.ts';
import { useCalendarSettings, useRecord } from '../../data/hooks.ts';
import { useReplica } from '../../data/replica-context.ts';
import type { FieldProblems } from '../../forms/field-problems.ts';
import { LanguagePicker } from '../../ui/LanguagePicker.tsx';
import { recordName } from '../../ui/record-text.ts';
import type { RecordOf } from '#shared/kinds/registry.ts';
import { ChangedElsewhere } from '../../ui/ChangedElsewhere.tsx';
import { LinkedEvents } from './LinkedEvents.tsx';
import { hasTrash, RECORD_FIELDS } from './record-fields.ts';
import { recordPatchOf, recordProblems, type RecordFormValues } from './record-form.ts';
import { RecordField } from './RecordField.tsx';
import { useParentOptions } from './use-parent-options.ts';

type Props = {
  kind: LinkedKind;
  uuid: string | undefined;
  initial: RecordFormValues;
  /** An existing record: as the editor opened it, and as it is now (undefined: gone). */
  edited?: { opened: RecordOf; current: RecordOf | undefined };
  onSaved: (uuid: string) => void;
  onGone: () => void;
};

export function RecordEditor({ kind, uuid, initial, edited, onSaved, onGone }: Props) {
  const { t } = useTranslation();
  const { records } = useReplica();
  const undo = useUndo();
  const { defaultLanguage } = useCalendarSettings();
  const [content] = useContentLanguage();
  const [language, setLanguage] = useState<Language>(content);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [confirming, setConfirming] = useState(false);
  // What is saved so far: changes are measured against it (and it moves on with each save),
  // with the record it was read from, to merge with what was changed elsewhere meanwhile.
  const [base, setBase] = useState(initial);
  const [baseRecord, setBaseRecord] = useState(edited?.opened);
  const form = useForm<RecordFormValues>({ defaultValues: initial });
  const { isDirty, isSubmitting } = form.formState;
  const parents = useParentOptions(uuid, language);
  // A scheduled venue or organizer says when it will be published, beside its status.
  const scheduled = useScheduledLabel()(
    useRecord(kind, uuid) as { status?: string; date?: string } | null | undefined,
  );
  const texts = useWatch({ control: form.control, name: ['name', 'description'] }) as (
    Multilingual | undefined
  )[];
  const translated = useMemo(
    () => new Set(LANGUAGES.filter((code) => texts.some((text) => text?.[code]?.trim()))),
    [texts],
  );
  useEffect(() => {
    // A new record starts at its name.
    if (!uuid) form.setFocus(`name.${language}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the editor opens
  }, []);
  const name = recordName(kind, base, language, defaultLanguage) ?? t('calendar.untitled');

  const submit = form.handleSubmit(async (values) => {
    const found = recordProblems(kind, values, !uuid);
    setProblems(found);
    const first = RECORD_FIELDS[kind].find((spec) => found[spec.name]);
    if (first) {
      form.setFocus(first.control === 'name' ? `name.${language}` : first.name);
      return;
    }
    const patch = recordPatchOf(kind, uuid ? base : undefined, values);
    if (!uuid) return onSaved(await records.create(kind, patch));
    if (baseRecord) await records.updateFrom(kind, uuid, baseRecord, patch);
    else if (Object.keys(patch).length > 0) await records.update(kind, uuid, patch);
    // What the form shows now is the base of the next save; a field held for a decision is
    // the conflict screen's, which changes the record (and so this editor's banner) either way.
    setBaseRecord(await records.get(kind, uuid));
    setBase(values);
    form.reset(values);
  });
  const remove = async () => {
    if (!uuid) return;
    if (!hasTrash(kind)) {
      await records.destroy(kind, uuid);
      return onGone();
    }
    const status = base.status;
    await records.update(kind, uuid, { status: 'trash' });
    onGone();
    undo.push({
      message: t('editor.trashed', { name }),
      undo: () => records.update(kind, uuid, { status }),
    });
  };

  return (
    <div className="record-editor">
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <header className="record-head">
            <h3>{uuid ? name : t(`records.new.${kind}`)}</h3>
            <LanguagePicker
              value={language}
              onChange={setLanguage}
              translated={translated}
              defaultLanguage={defaultLanguage}
            />
          </header>
          {baseRecord && edited?.current && (
            <ChangedElsewhere kind={kind} opened={baseRecord} current={edited.current} />
          )}
          <div className="record-fields">
            {RECORD_FIELDS[kind].map((spec) => (
              <RecordField
                key={spec.name}
                spec={spec}
                language={language}
                problem={problems[spec.name]}
                parents={parents}
                hint={spec.name === 'status' ? scheduled : undefined}
                uuid={uuid}
              />
            ))}
          </div>
          <footer className="record-foot">
            {uuid &&
              (confirming ? (
                <span className="confirm">
                  {t('records.deleteQuestion')}
                  <button type="button" className="danger" onClick={() => void remove()}>
                    {t('trash.deleteForGood')}
                  </button>
                  <button type="button" className="secondary" onClick={() => setConfirming(false)}>
                    {t('editor.cancel')}
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className="secondary danger-text"
                  onClick={() => (hasTrash(kind) ? void remove() : setConfirming(true))}
                >
                  {hasTrash(kind) ? t('editor.trash') : t('trash.deleteForGood')}
                </button>
              ))}
            <button
              type="button"
              className="secondary"
              disabled={!isDirty}
              onClick={() => form.reset(base)}
            >
              {t('records.revert')}
            </button>
            <button type="submit" disabled={isSubmitting || (Boolean(uuid) && !isDirty)}>
              {t('editor.save')}
            </button>
          </footer>
        </form>
      </FormProvider>
      {uuid && <LinkedEvents kind={kind} uuid={uuid} />}
    </div>
  );
}
