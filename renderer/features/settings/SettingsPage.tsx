/**
 * Settings: the calendar's language, zone and API port; the hub it shares the calendar through
 * with other laptops; the venue's website it syncs with; the
 * API address for website builds;
 * the categories' colours;
 * access tokens for them; how staff phones add the calendar (CalDAV); the calendar's snapshots; the keyboard's one-key shortcuts; the app's
 * own updates; and what the calendar holds.
 */
import { useTranslation } from 'react-i18next';
import { useServerState } from '../../data/server-health.ts';
import { ApiAccessCard } from './ApiAccessCard.tsx';
import { SubscriptionCard } from './SubscriptionCard.tsx';
import { CalendarSettingsCard } from './CalendarSettingsCard.tsx';
import { CalendarSummary } from './CalendarSummary.tsx';
import { CategoryColorsCard } from './CategoryColorsCard.tsx';
import { DoubleBookingCard } from './DoubleBookingCard.tsx';
import { KeyboardCard } from './KeyboardCard.tsx';
import { UpdatesCard } from './UpdatesCard.tsx';
import { SnapshotsCard } from './SnapshotsCard.tsx';
import { TokensCard } from './TokensCard.tsx';
import { WebsiteCard } from './WebsiteCard.tsx';
import { HubCard } from './HubCard.tsx';
import { PhoneCard } from './PhoneCard.tsx';
import { useCaldavAddress } from '../../hooks/use-caldav-address.ts';
import { useSettings } from './use-settings.ts';

/**
 * `focus`: what the page opens on, from the header: `website-decision` or `hub-decision`, the
 * first decision that peer waits for.
 */
export function SettingsPage({ focus }: { focus?: string | undefined }) {
  const { t } = useTranslation();
  const server = useServerState();
  const { reply, problem, save } = useSettings();
  const caldav = useCaldavAddress();
  const health =
    server.state === 'online'
      ? server.health
      : server.state === 'offline'
        ? server.last
        : undefined;
  return (
    <section className="page" aria-labelledby="settings-heading">
      <h2 id="settings-heading" className="page-title">
        {t('nav.settings')}
      </h2>
      {!reply && problem && (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="cards">
        {reply && <CalendarSettingsCard reply={reply} problem={problem} onSave={save} />}
        <HubCard decide={focus === 'hub-decision'} />
        <WebsiteCard decide={focus === 'website-decision'} />
        <ApiAccessCard />
        <SubscriptionCard />
        <TokensCard caldav={caldav} />
        <PhoneCard caldav={caldav} />
        <CategoryColorsCard />
        <SnapshotsCard />
        <KeyboardCard />
        {reply && <DoubleBookingCard holds={reply.settings.clashHolds} onSave={save} />}
        {reply && (
          <UpdatesCard
            version={health?.version}
            automatic={reply.settings.autoUpdate}
            onSave={save}
          />
        )}
        <CalendarSummary health={health} settings={reply?.settings} />
      </div>
    </section>
  );
}
