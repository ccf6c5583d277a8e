/**
 * One field's value, readable: translations with their language, yes/no, statuses by name,
 * linked records by their names (from the replica), "(empty)" for nothing.
 */
import { useTranslation } from 'react-i18next';
import { isLanguage } from '#shared/languages.ts';
import { POST_STATUSES } from '#shared/schemas/common.ts';
import { isTranslatable, type Kind } from '#shared/kinds/registry.ts';
import { useRecord } from '../data/hooks.ts';
import { recordName, uiLanguage } from './record-text.ts';

const LINKED: Readonly<Record<string, Kind | 'own'>> = {
  venueUuid: 'venue',
  organizerUuids: 'organizer',
  categoryUuids: 'category',
  tagUuids: 'tag',
  parentUuid: 'own',
};

function LinkedName({ kind, uuid }: { kind: Kind; uuid: string }) {
  const { t, i18n } = useTranslation();
  const record = useRecord(kind, uuid);
  return <span>{recordName(kind, record, uiLanguage(i18n.language)) ?? t('sync.untitled')}</span>;
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

export function FieldValue(props: { kind: Kind; field: string; value: unknown }) {
  const { kind, field, value } = props;
  const { t } = useTranslation();
  if (isEmpty(value)) return <span className="muted">{t('sync.empty')}</span>;
  if (typeof value === 'boolean') return <span>{value ? t('sync.yes') : t('sync.no')}</span>;
  const linked = LINKED[field];
  if (linked) {
    const target = linked === 'own' ? kind : linked;
    const uuids = (Array.isArray(value) ? value : [value]).map(String);
    return (
      <span className="linked-names">
        {uuids.map((uuid) => (
          <LinkedName key={uuid} kind={target} uuid={uuid} />
        ))}
      </span>
    );
  }
  if (field === 'status' && POST_STATUSES.some((status) => status === value)) {
    return <span>{t(`postStatus.${value as (typeof POST_STATUSES)[number]}`)}</span>;
  }
  if (isTranslatable(kind, field) && typeof value === 'object') {
    const texts = Object.entries(value as Record<string, string>).filter(([language]) =>
      isLanguage(language),
    );
    return (
      <span className="translations">
        {texts.map(([language, text]) => (
          <span key={language} lang={language}>
            <abbr className="language-tag">{language}</abbr>{' '}
            {text ? text : <span className="muted">{t('sync.empty')}</span>}
          </span>
        ))}
      </span>
    );
  }
  if (typeof value === 'string' || typeof value === 'number') return <span>{value}</span>;
  return <span>{JSON.stringify(value)}</span>;
}
