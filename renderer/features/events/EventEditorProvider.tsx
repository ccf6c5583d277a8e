/**
 * Where the event editor lives: any screen opens it through useEventEditor(); it shows one
 * event at a time, an occurrence with its series' rule. Moving to the trash closes it and
 * offers undo (trash-event.ts); for an occurrence it asks first which occurrences go. A trash
 * the replica refuses leaves the editor open to say so; an undo that fails says so in a toast.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { useCalendarSettings, useRecord, useSeries } from '../../data/hooks.ts';
import type { Patch } from '#shared/kinds/registry.ts';
import { useReplica } from '../../data/replica-context.ts';
import { useUndo } from '../../hooks/undo.ts';
import { useScopeQuestion } from '../../hooks/use-scope-question.tsx';
import { recordName, uiLanguage } from '../../ui/record-text.ts';
import { EventEditorContext, type EventEditor } from '../../hooks/event-editor-context.ts';
import { formValuesOf, type EventFormValues } from './event-form.ts';
import { EventEditorDialog } from './EventEditorDialog.tsx';
import { newEventValues } from './new-event.ts';
import { trashEvent } from './trash-event.ts';
import { useEditProblem } from './use-edit-problem.ts';

type Editing = { uuid: string } | { uuid: undefined; initial: EventFormValues; key: number };

type DialogProps = Parameters<typeof EventEditorDialog>[0];
type Actions = Pick<DialogProps, 'onClose' | 'onDuplicate' | 'onTrash'>;

function ExistingEvent({ uuid, ...actions }: Actions & { uuid: string }) {
  const event = useRecord('event', uuid) as CalendarEvent | null | undefined;
  // The rule shown is the series' (for an occurrence, its series').
  const series = useSeries(uuid);
  const occurrence = Boolean(event?.recurrenceId);
  // The event and its values as opened: what the user changes is measured against these, so a
  // change made elsewhere meanwhile is shown at once and merged on save, never overwritten.
  const [opened, setOpened] = useState<{ event: CalendarEvent; values: EventFormValues }>();
  if (event && series !== undefined && !opened)
    setOpened({ event, values: formValuesOf(event, series?.recurrence ?? null) });
  if (!opened) return null;
  return (
    <EventEditorDialog
      key={uuid}
      uuid={uuid}
      initial={opened.values}
      edited={{ opened: opened.event, current: event ?? undefined }}
      occurrence={occurrence}
      {...actions}
    />
  );
}

export function EventEditorProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const replica = useReplica();
  const { timezone } = useCalendarSettings();
  const undo = useUndo();
  const { notify } = useEditProblem();
  const scopeQuestion = useScopeQuestion();
  const [editing, setEditing] = useState<Editing | null>(null);

  const editor = useMemo<EventEditor>(
    () => ({
      open: (uuid) => setEditing({ uuid }),
      create: (initial?: Patch) =>
        setEditing({
          uuid: undefined,
          initial: newEventValues(timezone, initial),
          key: Date.now(),
        }),
      notify,
    }),
    [timezone, notify],
  );
  const close = () => setEditing(null);
  const duplicate = (values: EventFormValues) =>
    setEditing({ uuid: undefined, initial: { ...values, slug: {} }, key: Date.now() });
  /** Rejects when the replica refuses (the editor, still open, says so). */
  const trash = async (uuid: string) => {
    const event = (await replica.records.get('event', uuid)) as CalendarEvent | undefined;
    if (!event) return;
    const scope = event.recurrenceId ? await scopeQuestion.ask({ action: 'trash' }) : 'this';
    if (!scope) return;
    const back = await trashEvent(replica, event, scope);
    close();
    const name = recordName('event', event, uiLanguage(i18n.language)) ?? t('sync.untitled');
    undo.push({
      message: t('editor.trashed', { name }),
      undo: () => back().catch(notify),
    });
  };

  return (
    <EventEditorContext value={editor}>
      {children}
      {scopeQuestion.dialog}
      {editing?.uuid && (
        <ExistingEvent
          uuid={editing.uuid}
          onClose={close}
          onDuplicate={duplicate}
          onTrash={trash}
        />
      )}
      {editing && 'initial' in editing && (
        <EventEditorDialog
          key={editing.key}
          uuid={undefined}
          initial={editing.initial}
          onClose={close}
          onDuplicate={duplicate}
          onTrash={() => Promise.resolve()}
        />
      )}
    </EventEditorContext>
  );
}
