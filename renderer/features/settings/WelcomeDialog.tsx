/**
 * The welcome on a new calendar: its time zone (the machine's, preselected), the language its
 * content is written in first (the app's, preselected) and its currency, confirmed once before
 * anything is created — a calendar never silently takes the machine's zone. Shown to whoever may
 * change the settings, while the server says nobody has confirmed them.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchLanguage } from '#shared/languages.ts';
import type { Settings } from '#shared/schemas/settings.ts';
import { useAdminApi } from '../../data/api/admin-api.ts';
import { FramedDialog } from '../../ui/Dialog.tsx';
import { CalendarBasicsFields, type CalendarBasics } from './CalendarBasicsFields.tsx';
import { useSaveSettings } from './use-settings.ts';
import { useApiProblem } from '../../hooks/use-api-problem.ts';

/** The settings of a calendar nobody has set up yet, else undefined (also when not allowed). */
function useUnconfirmedSettings(online: boolean): [Settings | undefined, () => void] {
  const api = useAdminApi();
  const [settings, setSettings] = useState<Settings>();
  // Asked once, at the first time the server answers.
  const asked = useRef(false);
  useEffect(() => {
    if (!online || asked.current) return;
    asked.current = true;
    api.settings().then(
      (reply) => setSettings(reply.settings.confirmed ? undefined : reply.settings),
      // Someone who may not read the settings is not asked to set them.
      () => undefined,
    );
  }, [api, online]);
  return [settings, () => setSettings(undefined)];
}

export function WelcomeDialog({ online }: { online: boolean }) {
  const [settings, done] = useUnconfirmedSettings(online);
  return settings ? <Welcome settings={settings} onDone={done} /> : null;
}

function Welcome({ settings, onDone }: { settings: Settings; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const saveSettings = useSaveSettings();
  const problemOf = useApiProblem();
  const [basics, setBasics] = useState<CalendarBasics>({
    defaultLanguage: matchLanguage(i18n.language) ?? settings.defaultLanguage,
    timezone: settings.timezone,
    currency: settings.currency,
  });
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  // A zone search that names several zones: Start asks which instead of saving the one shown.
  const [zoneUnresolved, setZoneUnresolved] = useState(false);
  const [asked, setAsked] = useState(false);

  const start = async () => {
    if (zoneUnresolved) {
      setAsked(true);
      return;
    }
    setBusy(true);
    try {
      await saveSettings({ ...basics, confirmed: true });
      onDone();
    } catch (error) {
      setProblem(problemOf(error));
      setBusy(false);
    }
  };

  return (
    // Escape keeps the dialog: the three answers have defaults, one click takes them.
    <FramedDialog
      title={t('welcome.heading')}
      onClose={() => undefined}
      onSubmit={() => void start()}
      className="welcome-dialog"
      contentClassName="settings-form"
      footer={
        <button type="submit" data-autofocus disabled={busy}>
          {t('welcome.start')}
        </button>
      }
    >
      <p className="muted">{t('welcome.intro')}</p>
      <CalendarBasicsFields
        value={basics}
        onChange={(change) => setBasics((current) => ({ ...current, ...change }))}
        onZoneUnresolved={(unresolved) => {
          setZoneUnresolved(unresolved);
          if (!unresolved) setAsked(false);
        }}
        zoneProblem={asked && zoneUnresolved ? { key: 'validation.zoneUnresolved' } : undefined}
      />
      {problem && (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      )}
    </FramedDialog>
  );
}
