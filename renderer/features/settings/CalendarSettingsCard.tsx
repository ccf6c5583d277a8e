/**
 * The calendar's settings: its default content language, its time zone, its currency, and the
 * port of the API (a stable address for website builds; a new port is used from the next start).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_ENDONYMS, LANGUAGES, isLanguage, type Language } from '#shared/languages.ts';
import type { SettingsReply, SettingsUpdate } from '#shared/schemas/settings.ts';
import { Field } from '../../ui/Field.tsx';
import { TIME_ZONES } from '../events/time-zones.ts';
import { CurrencyFields } from './CurrencyFields.tsx';

type Props = {
  reply: SettingsReply;
  problem: string | undefined;
  onSave: (change: SettingsUpdate) => Promise<boolean>;
};

export function CalendarSettingsCard({ reply, problem, onSave }: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  const { settings, overridden } = reply;
  const [language, setLanguage] = useState<Language>(settings.defaultLanguage);
  const [zone, setZone] = useState(settings.timezone);
  const [port, setPort] = useState(String(settings.port));
  const [currency, setCurrency] = useState(settings.currency);
  const [saved, setSaved] = useState(false);
  const zones = TIME_ZONES.includes(zone) ? TIME_ZONES : [zone, ...TIME_ZONES];
  const flagged = (name: string) =>
    overridden.includes(name) ? t('settings.overridden') : undefined;
  const languageFlag = flagged('defaultLanguage');
  const zoneFlag = flagged('timezone');
  /** Any edit makes "Saved" stale. */
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setSaved(false);
    };

  const save = async () => {
    const change: SettingsUpdate = {};
    if (language !== settings.defaultLanguage) change.defaultLanguage = language;
    if (zone !== settings.timezone) change.timezone = zone;
    if (Number(port) !== settings.port) change.port = Number(port);
    if (JSON.stringify(currency) !== JSON.stringify(settings.currency)) change.currency = currency;
    setSaved(await onSave(change));
  };

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('settings.calendar')}</h2>
      <form
        className="settings-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Field label={t('summary.defaultLanguage')} hint={languageFlag}>
          {(ids) => (
            <select
              id={ids.id}
              aria-describedby={ids.describedBy}
              value={language}
              onChange={(event) =>
                isLanguage(event.target.value) && edit(setLanguage)(event.target.value)
              }
            >
              {LANGUAGES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {LANGUAGE_ENDONYMS[code]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('summary.timezone')} hint={zoneFlag ?? t('settings.timezoneHint')}>
          {(ids) => (
            <select
              id={ids.id}
              aria-describedby={ids.describedBy}
              value={zone}
              onChange={(event) => edit(setZone)(event.target.value)}
            >
              {zones.map((name) => (
                <option key={name} value={name}>
                  {name.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
          )}
        </Field>
        <CurrencyFields value={currency} onChange={edit(setCurrency)} />
        <Field label={t('settings.port')} hint={t('settings.portHint')}>
          {(ids) => (
            <input
              id={ids.id}
              aria-describedby={ids.describedBy}
              type="number"
              min={1}
              max={65535}
              value={port}
              onChange={(event) => edit(setPort)(event.target.value)}
            />
          )}
        </Field>
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
