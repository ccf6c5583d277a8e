/**
 * Dragging or resizing an event in the calendar: the event takes the new times, with undo. An
 * occurrence of a series asks first which occurrences move (Cancel puts it back). Undoing "all"
 * gives the series back its times and rule, since moving the dates of a whole series gives its
 * occurrences new identities; a move of "this and following" splits the series and has no undo.
 * A move the replica refuses (a series with too many occurrences, two on one day) puts the
 * event back and says why in a toast; so does an undo that fails. A move that double-books the
 * event's venue says with whom (use-move-clashes.ts): a warning at a `warn` venue, the move
 * refused and the event put back at a strict one, whose toast offers those the server lets
 * book anyway (editors and admins) to make the move saying so, through sync like any edit.
 */
import type { EventDropInfo, EventResizeDoneInfo } from '@fullcalendar/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import type { Scope } from '#shared/series/occurrences.ts';
import { useReplica } from '../../data/replica-context.ts';
import { useUndo } from '../../hooks/undo.ts';
import { useScopeQuestion } from '../../hooks/use-scope-question.tsx';
import { useEventEditor } from '../../hooks/event-editor-context.ts';
import { movedTimes } from './calendar-events.ts';
import { useMoveClashes } from '../../hooks/use-move-clashes.ts';
import { useMayBookAnyway } from '../../hooks/use-may-book-anyway.ts';
import { useContentLanguage } from '../../hooks/content-language.ts';
import { useCalendarSettings } from '../../data/hooks.ts';
import { recordName } from '../../ui/record-text.ts';

type Moved = EventDropInfo | EventResizeDoneInfo;
type Times = NonNullable<ReturnType<typeof movedTimes>>;

export function useMoveEvent(byUuid: ReadonlyMap<string, CalendarEvent>) {
  const { t, i18n } = useTranslation();
  const { t: errors } = useTranslation('errors');
  const { records } = useReplica();
  const moveClashes = useMoveClashes();
  const [language] = useContentLanguage();
  const { defaultLanguage } = useCalendarSettings();
  const undo = useUndo();
  const scopeQuestion = useScopeQuestion();
  const { notify } = useEventEditor();
  const mayBookAnyway = useMayBookAnyway();
  /**
   * The toast of each event's refused move, one at a time, so its offer is always the latest.
   * Each toast has an id of its own: sonner delivers a dismissal a frame or two late, and a new
   * toast under the id just dismissed would go with it.
   */
  const [offers] = useState(() => new Map<string, string | number>());
  const forget = (uuid: string, offer: string | number) => {
    if (offers.get(uuid) === offer) offers.delete(uuid);
  };

  /** How to undo the move, read before it is made (none for a split series). */
  async function wayBack(event: CalendarEvent, scope: Scope) {
    if (scope === 'following') return undefined;
    if (scope === 'all' && event.parentUuid) {
      const series = (await records.get('event', event.parentUuid)) as CalendarEvent | undefined;
      if (!series) return undefined;
      const { start, end, allDay, recurrence } = series;
      return () => records.update('event', series.uuid, { start, end, allDay, recurrence });
    }
    const before = { start: event.start, end: event.end, allDay: event.allDay };
    return () => records.update('event', event.uuid, before, event.recurrenceId ? { scope } : {});
  }

  /** Makes the move, with its undo; resolves false when the replica refused it (said why). */
  async function land(
    event: CalendarEvent,
    scope: Scope,
    times: Times,
    name: string,
    bookAnyway?: true,
  ): Promise<boolean> {
    const back = await wayBack(event, scope);
    const options = { ...(event.recurrenceId && { scope }), ...(bookAnyway && { bookAnyway }) };
    try {
      await records.update('event', event.uuid, times, options);
    } catch (error) {
      notify(error);
      return false;
    }
    if (back)
      undo.push({
        message: t('calendar.moved', { name }),
        undo: () => back().catch(notify),
      });
    return true;
  }

  /**
   * The refused move made after all, saying to book the venue anyway (the server checks again
   * who may). Only from where the event was refused: moved since (another drag, its form, a
   * sync), the offer is stale and the event stays where it is now.
   */
  async function bookAnyway(refused: CalendarEvent, scope: Scope, times: Times, name: string) {
    const now = (await records.get('event', refused.uuid)) as CalendarEvent | undefined;
    const same =
      now?.start === refused.start && now.end === refused.end && now.allDay === refused.allDay;
    if (!now || !same) return void toast.error(t('clashes.movedSince', { name }));
    await land(now, scope, times, name, true);
  }

  async function move(info: Moved) {
    const event = byUuid.get(info.event.id);
    const times = event && movedTimes(event, info.event);
    if (!event || !times) return info.revert();
    // A new move of the event replaces an offer to book its last one anyway.
    const stale = offers.get(event.uuid);
    if (stale !== undefined) toast.dismiss(stale);
    offers.delete(event.uuid);
    const scope = event.recurrenceId ? await scopeQuestion.ask({ action: 'move' }) : 'this';
    if (!scope) return info.revert();
    // Only the moved event itself is looked at here; a whole series' move meets the server's
    // check on sync.
    const clash = scope === 'this' ? await moveClashes(event, times) : undefined;
    const clashText = clash && {
      venue: recordName('venue', clash.venue, language, defaultLanguage) ?? '',
      names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
        clash.others.map(
          (other) =>
            recordName('event', other, language, defaultLanguage) ?? t('calendar.untitled'),
        ),
      ),
    };
    const name = info.event.title;
    if (clash?.rule === 'strict' && clashText) {
      // Put back at once: nothing is queued unless the user chooses to book anyway.
      info.revert();
      const offer = toast.error(errors('marquee_venue_busy'), {
        description: t('clashes.moveRefused', clashText),
        // An offer stays until it is answered, closed or replaced by the event's next move: a
        // choice that ran out while it was being read would be a time limit the user cannot
        // extend (WCAG 2.2.1).
        ...(mayBookAnyway && {
          duration: Number.POSITIVE_INFINITY,
          closeButton: true,
          action: {
            label: t('sync.bookAnyway'),
            onClick: () => void bookAnyway(event, scope, times, name).catch(notify),
          },
        }),
        onDismiss: () => forget(event.uuid, offer),
        onAutoClose: () => forget(event.uuid, offer),
      });
      offers.set(event.uuid, offer);
      return;
    }
    if (!(await land(event, scope, times, name))) return info.revert();
    if (clashText) toast.warning(t('clashes.moveWarning', clashText));
  }

  return { move: (info: Moved) => void move(info).catch(notify), dialog: scopeQuestion.dialog };
}
