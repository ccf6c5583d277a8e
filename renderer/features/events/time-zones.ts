/** The IANA zones this browser knows, for the time zone field (UTC first). */
const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;

export const TIME_ZONES: readonly string[] = [
  'UTC',
  ...(supported?.('timeZone') ?? []).filter((zone) => zone !== 'UTC'),
];
