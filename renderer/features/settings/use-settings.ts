/**
 * The server's settings for the settings screen: loaded once, saved on request; what the
 * server refused (or that it cannot be reached) comes back as a message to show.
 */
import { useCallback, useEffect, useState } from 'react';
import type { SettingsReply, SettingsUpdate } from '#shared/schemas/settings.ts';
import { useAdminApi } from '../../data/api/admin-api.ts';
import { useReplica } from '../../data/replica-context.ts';
import { useApiProblem } from '../../hooks/use-api-problem.ts';

/**
 * Saves a change to the settings; the replica takes the calendar's name, zone, language, currency
 * and whether drafts hold their room
 * from the answer at once (the health poll would only catch up later).
 */
export function useSaveSettings(): (change: SettingsUpdate) => Promise<SettingsReply> {
  const api = useAdminApi();
  const replica = useReplica();
  return useCallback(
    async (change) => {
      const next = await api.updateSettings(change);
      const { name, timezone, defaultLanguage, currency, clashHolds } = next.settings;
      replica.setCalendar({ name, timezone, defaultLanguage, currency, clashHolds });
      return next;
    },
    [api, replica],
  );
}

export function useSettings() {
  const api = useAdminApi();
  const saveSettings = useSaveSettings();
  const problemOf = useApiProblem();
  const [reply, setReply] = useState<SettingsReply>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    api.settings().then(setReply, (error: unknown) => setProblem(problemOf(error)));
  }, [api, problemOf]);
  const save = useCallback(
    async (change: SettingsUpdate): Promise<boolean> => {
      try {
        setReply(await saveSettings(change));
        setProblem(undefined);
        return true;
      } catch (error) {
        setProblem(problemOf(error));
        return false;
      }
    },
    [saveSettings, problemOf],
  );
  return { reply, problem, save };
}
