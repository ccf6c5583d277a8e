/**
 * "Scheduled for <date and time>": what a post waiting for its publication date (status
 * `future`; the server publishes it then) says instead of its status. The moment is read in
 * the UI language, the user's own clock (12/24 h) and the calendar's zone, as event times are.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendarSettings } from '../data/hooks.ts';
import { hour12In } from '../ui/calendar-locale.ts';

export function useScheduledLabel(): (
  post: { status?: string | undefined; date?: string | undefined } | null | undefined,
) => string | undefined {
  const { t, i18n } = useTranslation();
  const { timezone } = useCalendarSettings();
  return useCallback(
    (post) => {
      if (post?.status !== 'future' || !post.date) return undefined;
      const when = new Intl.DateTimeFormat(i18n.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: timezone,
        hour12: hour12In(i18n.language, navigator.language),
      }).format(new Date(`${post.date.replace(' ', 'T')}Z`));
      return t('editor.scheduledFor', { when });
    },
    [t, i18n.language, timezone],
  );
}
