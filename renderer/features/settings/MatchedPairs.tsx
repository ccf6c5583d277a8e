/**
 * The records the first sync's preview found on both sides, which become one: by kind, each
 * with its name here and on the website (an event with the start both share), so the owner
 * sees which of them the sync will merge before anything is written.
 */
import { useTranslation } from 'react-i18next';
import type { SitePreview } from '#shared/schemas/site.ts';
import { hour12In } from '../../ui/calendar-locale.ts';

type Props = { matched: SitePreview['matched']; same: SitePreview['same'] };

export function MatchedPairs({ matched, same }: Props) {
  const { t, i18n } = useTranslation();
  if (matched.length === 0) return null;
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    hour12: hour12In(i18n.language, navigator.language),
    // The wall time as both sides keep it, not moved into this computer's zone.
    timeZone: 'UTC',
  });
  const startOf = (start: string) => format.format(new Date(`${start.replace(' ', 'T')}Z`));
  const total = Object.values(same).reduce((sum, count) => sum + count, 0);
  return (
    <>
      <table className="tokens website-matched">
        <caption>{t('website.matchedHeading')}</caption>
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">{t('website.columns.calendar')}</th>
            <th scope="col">{t('website.columns.site')}</th>
          </tr>
        </thead>
        <tbody>
          {matched.map((pair, index) => (
            <tr key={index}>
              <th scope="row">{t(`website.kinds.${pair.kind}`)}</th>
              <td>
                {pair.calendar}
                {pair.start && <div className="muted">{startOf(pair.start)}</div>}
              </td>
              <td>{pair.site}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > matched.length && (
        <p className="muted">{t('website.matchedMore', { count: total - matched.length })}</p>
      )}
    </>
  );
}
