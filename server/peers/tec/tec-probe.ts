/**
 * "Test" on the website's connection: finds the site's REST API (pretty permalinks or
 * `?rest_route=`), checks it runs The Events Calendar, logs in, and says what the login may do.
 * It writes nothing. Every failure is a RemoteError that says what to fix: the address, TEC, the
 * password, the host that strips the Authorization header (tec-http.ts).
 */
import type { SiteInfo } from '#shared/schemas/site.ts';
import { RemoteError } from '../website/remote-error.ts';
import { exposesSecrets } from '#shared/net/loopback.ts';
import { createTecHttp, plainHttpRefusal, type SiteLogin, type TecHttp } from './tec-http.ts';

/**
 * What the connection's user may not do, which the editor warns of before connecting: publish
 * (events stay pending until an editor publishes them); post any HTML (WordPress filters
 * scripts, iframes, some attributes); change events other users made on the site.
 */
export type LoginWarning = 'cannot-publish' | 'strips-html' | 'cannot-edit-others';

export type SiteProbe = {
  /** The site's address as given, cleaned (scheme, no trailing slash). */
  address: string;
  /** The REST API's root, in the form the site answers. */
  apiRoot: string;
  name: string;
  timezone: string;
  /** The Events Calendar's version, when the user may list plugins (administrators). */
  tecVersion: string | null;
  user: { login: string; name: string; roles: string[] };
  warnings: LoginWarning[];
  /** WordPress keeps the user's texts as sent (unfiltered_html). */
  trustsRaw: boolean;
  /** The site is reached over plain http off this machine, as the user allowed. */
  insecure: boolean;
};

/**
 * `venue.example/` → `https://venue.example`; an http(s) address stays as it is, but plain
 * http to another machine is refused before anything is sent, unless the user said `insecure`.
 */
function cleanAddress(address: string, insecure: boolean): string {
  const trimmed = address.trim().replace(/\/+$/, '');
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new RemoteError('notTec', `“${address}” is not a web address.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new RemoteError('notTec', `“${address}” is not an http or https address.`);
  if (exposesSecrets(url) && !insecure) throw plainHttpRefusal(url.host);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

type Index = { name?: string; timezone_string?: string; namespaces?: string[] };

async function findIndex(address: string): Promise<{ root: string; index: Index }> {
  const roots = [`${address}/wp-json/`, `${address}/?rest_route=/`];
  let last: unknown;
  for (const root of roots) {
    try {
      const answer = await createTecHttp({ root, login: undefined }).get('');
      const index = answer.body as Index;
      if (answer.status === 200 && Array.isArray(index.namespaces)) return { root, index };
    } catch (error) {
      // The first root may be missing (no pretty permalinks): the second one says the rest.
      if (!(error instanceof RemoteError) || error.problem !== 'notTec') throw error;
      last = error;
    }
  }
  throw last instanceof RemoteError
    ? new RemoteError(
        'notTec',
        `No WordPress REST API answers at ${address} (neither /wp-json/ nor ?rest_route=/): is this the address of the WordPress site?`,
      )
    : new RemoteError('notTec', `No WordPress REST API answers at ${address}.`);
}

export async function probeSite(
  address: string,
  login: SiteLogin,
  insecure = false,
): Promise<SiteProbe> {
  const clean = cleanAddress(address, insecure);
  const plain = exposesSecrets(new URL(clean));
  const { root, index } = await findIndex(clean);
  if (!index.namespaces?.includes('tribe/events/v1'))
    throw new RemoteError(
      'notTec',
      `${clean} is a WordPress site, but The Events Calendar is not active on it (its API, tribe/events/v1, is missing).`,
    );
  const http: TecHttp = createTecHttp({ root, login, insecure: plain });
  const me = await http.get('wp/v2/users/me?context=edit');
  if (me.status !== 200)
    throw new RemoteError(
      'login',
      `The website would not say who ${login.login} is (${me.status}).`,
      {
        status: me.status,
      },
    );
  const user = me.body as {
    slug?: string;
    name?: string;
    roles?: string[];
    capabilities?: Record<string, boolean>;
  };
  const can = (capability: string) => user.capabilities?.[capability] === true;
  const plugins = await http.get('wp/v2/plugins?_fields=plugin,version,status');
  const tec =
    plugins.status === 200 && Array.isArray(plugins.body)
      ? (plugins.body as { plugin: string; version: string }[]).find((plugin) =>
          plugin.plugin.startsWith('the-events-calendar/'),
        )
      : undefined;
  const warnings: LoginWarning[] = [];
  if (!can('publish_tribe_events')) warnings.push('cannot-publish');
  if (!can('unfiltered_html')) warnings.push('strips-html');
  if (!can('edit_others_tribe_events')) warnings.push('cannot-edit-others');
  return {
    address: clean,
    apiRoot: root,
    name: index.name ?? '',
    timezone: index.timezone_string ?? '',
    tecVersion: tec?.version ?? null,
    user: { login: login.login, name: user.name ?? login.login, roles: user.roles ?? [] },
    warnings,
    trustsRaw: can('unfiltered_html'),
    insecure: plain,
  };
}

/** What the connection's test says of the site, for the editor (never the password). */
export function siteInfo(probe: SiteProbe): SiteInfo {
  return {
    address: probe.address,
    name: probe.name,
    timezone: probe.timezone,
    tecVersion: probe.tecVersion,
    user: probe.user,
    warnings: probe.warnings,
    insecure: probe.insecure,
  };
}
