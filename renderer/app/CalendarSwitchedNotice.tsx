/**
 * Says so when the page reopened because its address now serves another calendar (another data
 * folder on the same port): the calendar shown changed without the user asking, and the changes
 * made for the one shown before are not lost but wait for it. Kept until the user closes it.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { takeCalendarSwitched } from '../data/editor-replica.ts';

export function CalendarSwitchedNotice() {
  const { t } = useTranslation();
  useEffect(() => {
    if (takeCalendarSwitched())
      toast.info(t('sync.otherCalendar'), { duration: Infinity, closeButton: true });
  }, [t]);
  return null;
}
