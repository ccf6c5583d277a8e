/**
 * The calendar's settings: its name (a printed programme's heading, the name calendar apps show
 * for its ICS), its default content language, its time zone, its currency, and the
 * port of the API (a stable address for website builds; a new port is used from the next start).
 * A new zone is saved only after the card has said what it does to the events already there.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsReply, SettingsUpdate } from '#shared/schemas/settings.ts';
import { Field } from '../../ui/Field.tsx';
import { CalendarBasicsFields, type CalendarBasics } from './CalendarBasicsFields.tsx';

type Props = {
  reply: SettingsReply;
  problem: string | undefined;
  onSave: (change: SettingsUpdate) => Promise<boolean>;
};

export function CalendarSettingsCard({ reply, problem, onSave }: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  const confirmId = useId();
  const { settings, overridden } = reply;
  const runsElsewhere = reply.listeningPort !== undefined && reply.listeningPort !== settings.port;
  const [basics, setBasics] = useState<CalendarBasics>({
    defaultLanguage: settings.defaultLanguage,
    timezone: settings.timezone,
    currency: settings.currency,
  });
  const [name, setName] = useState(settings.name);
  const [port, setPort] = useState(String(settings.port));
  const [saved, setSaved] = useState(false);
  const [confirmingZone, setConfirmingZone] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirmingZone) confirmButton.current?.focus();
  }, [confirmingZone]);
  const flagged = (name: keyof CalendarBasics) =>
    overridden.includes(name) ? t('settings.overridden') : undefined;
  const notes = { defaultLanguage: flagged('defaultLanguage'), timezone: flagged('timezone') };

  const change = (): SettingsUpdate => {
    const next: SettingsUpdate = {};
    if (name.trim() !== settings.name) next.name = name.trim();
    if (basics.defaultLanguage !== settings.defaultLanguage)
      next.defaultLanguage = basics.defaultLanguage;
    if (basics.timezone !== settings.timezone) next.timezone = basics.timezone;
    if (Number(port) !== settings.port) next.port = Number(port);
    if (JSON.stringify(basics.currency) !== JSON.stringify(settings.currency))
      next.currency = basics.currency;
    return next;
  };
  const save = async () => {
    setConfirmingZone(false);
    setSaved(await onSave(change()));
  };

  return (
    <section className="card calendar-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('settings.calendar')}</h2>
      <form
        className="settings-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (change().timezone) setConfirmingZone(true);
          else void save();
        }}
      >
        <Field label={t('settings.name')} hint={t('settings.nameHint')}>
          {(ids) => (
            <input
              id={ids.id}
              aria-describedby={ids.describedBy}
              required
              maxLength={120}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setSaved(false);
              }}
            />
          )}
        </Field>
        <CalendarBasicsFields
          value={basics}
          onChange={(next) => {
            setBasics((current) => ({ ...current, ...next }));
            setSaved(false);
            setConfirmingZone(false);
          }}
          notes={notes}
        />
        <Field
          label={t('settings.port')}
          hint={
            runsElsewhere
              ? t('settings.portHintThisRun', { port: reply.listeningPort })
              : t('settings.portHint')
          }
        >
          {(ids) => (
            <input
              id={ids.id}
              aria-describedby={ids.describedBy}
              type="number"
              min={1}
              max={65535}
              value={port}
              onChange={(event) => {
                setPort(event.target.value);
                setSaved(false);
              }}
            />
          )}
        </Field>
        {confirmingZone && (
          <div className="new-token" role="alertdialog" aria-labelledby={confirmId}>
            <p id={confirmId}>
              {t('settings.zoneChange', { from: settings.timezone, to: basics.timezone })}
            </p>
            <div className="confirm">
              <button type="button" ref={confirmButton} onClick={() => void save()}>
                {t('settings.zoneChangeConfirm')}
              </button>
              <button type="button" className="secondary" onClick={() => setConfirmingZone(false)}>
                {t('editor.cancel')}
              </button>
            </div>
          </div>
        )}
        {problem && (
          <p className="field-problem" role="alert">
            {problem}
          </p>
        )}
        <div className="form-actions">
          {saved && <span role="status">{t('settings.saved')}</span>}
          <button type="submit">{t('editor.save')}</button>
        </div>
      </form>
    </section>
  );
}
