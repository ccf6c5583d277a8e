/**
 * Dragging or resizing an event in the calendar: the event takes the new times, with undo. An
 * occurrence of a series asks first which occurrences move (Cancel puts it back). Undoing "all"
 * gives the series back its times and rule, since moving the dates of a whole series gives its
 * occurrences new identities; a move of "this and following" splits the series and has no undo.
 * A move the replica refuses (a series with too many occurrences, two on one day) puts the
 * event back and says why in a toast; so does an undo that fails. A move that double-books the
 * event's venue says with whom (use-move-clashes.ts): a warning at a `warn` venue, the move
 * refused and the event put back at a strict one.
 */
import type { EventDropInfo, EventResizeDoneInfo } from '@fullcalendar/react';
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
import { useContentLanguage } from '../../hooks/content-language.ts';
import { useCalendarSettings } from '../../data/hooks.ts';
import { recordName } from '../../ui/record-text.ts';

type Moved = EventDropInfo | EventResizeDoneInfo;

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

  async function move(info: Moved) {
    const event = byUuid.get(info.event.id);
    const times = event && movedTimes(event, info.event);
    if (!event || !times) return info.revert();
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
    if (clash?.rule === 'strict' && clashText) {
      info.revert();
      toast.error(errors('marquee_venue_busy'), {
        description: t('clashes.moveRefused', clashText),
      });
      return;
    }
    const back = await wayBack(event, scope);
    try {
      await records.update('event', event.uuid, times, event.recurrenceId ? { scope } : {});
    } catch (error) {
      info.revert();
      return notify(error);
    }
    if (clashText) toast.warning(t('clashes.moveWarning', clashText));
    if (back)
      undo.push({
        message: t('calendar.moved', { name: info.event.title }),
        undo: () => back().catch(notify),
      });
  }

  return { move: (info: Moved) => void move(info).catch(notify), dialog: scopeQuestion.dialog };
}
