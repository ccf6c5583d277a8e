/**
 * The calendar's ICS feed, for calendar apps to subscribe to (they fetch it again by themselves
 * and stay up to date), for the whole calendar or one category, with a copy button.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentLanguage } from '../../hooks/content-language.ts';
import { useFeedAddress } from '../../hooks/use-feed-address.ts';
import { CopyableAddress } from '../../ui/CopyableAddress.tsx';
import { Field } from '../../ui/Field.tsx';
import { useLinkOptions } from '../../hooks/use-link-options.ts';

export function SubscriptionCard() {
  const { t } = useTranslation();
  const [language] = useContentLanguage();
  const categories = useLinkOptions('category', language);
  const [category, setCategory] = useState('');
  const feed = useFeedAddress(category || undefined);
  const headingId = 'subscription-heading';
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('subscription.heading')}</h2>
      <p>{t('subscription.description')}</p>
      <Field label={t('field.categoryUuids')}>
        {({ id }) => (
          <select id={id} value={category} onChange={(event) => setCategory(event.target.value)}>
            <option value="">{t('filters.anyCategory')}</option>
            {categories.map((option) => (
              <option key={option.uuid} value={option.uuid}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <CopyableAddress address={feed.address} />
      {feed.localOnly && <p className="muted">{t('subscription.localOnly')}</p>}
    </section>
  );
}
