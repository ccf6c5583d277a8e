/**
 * Records what the real WordPress + TEC site keeps of each text its users send, per role: the
 * XSS corpus (test/fixtures/xss/corpus.json) as an event's title, description, excerpt and
 * cost, a venue's name and address, an organizer's phone, and a category's name and
 * description, read back raw (core's `context=edit`, TEC's meta). The answers go to
 * test/fixtures/kses/wordpress-answers.json, which the cleaners' unit tests compare with.
 * Also prints WordPress's kses lists (shared/text/kses/kses-lists.ts holds them).
 *
 *   node scripts/record-kses.ts            # starts a fresh site, ~2 minutes
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { startTecSite, type SiteUser, type StartedSite } from './tec-site.ts';

const root = resolve(import.meta.dirname, '..');
const corpus = JSON.parse(readFileSync(join(root, 'test/fixtures/xss/corpus.json'), 'utf8')) as {
  payloads: string[];
};
const ROLES: readonly SiteUser[] = ['admin', 'editor1', 'author1', 'contributor1'];

type Json = Record<string, unknown>;

async function request(site: StartedSite, path: string, as: SiteUser, body?: unknown) {
  const auth = Buffer.from(`${as}:${site.passwords[as]}`).toString('base64');
  const reply = await fetch(`${site.url}/wp-json/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Basic ${auth}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: reply.status, body: (await reply.json()) as Json };
}

/** A post's raw texts and TEC's meta, as the admin reads them. */
async function rawPost(site: StartedSite, route: string, id: unknown) {
  const read = await request(site, `wp/v2/${route}/${String(id)}?context=edit`, 'admin');
  const raw = (field: string) => (read.body[field] as { raw?: string } | undefined)?.raw;
  return {
    title: raw('title'),
    content: raw('content'),
    excerpt: raw('excerpt'),
    meta: read.body.meta as Json,
  };
}

async function recordOne(site: StartedSite, as: SiteUser, payload: string, n: number) {
  const tag = `${as}-${n}`;
  const event = await request(site, 'tribe/events/v1/events', as, {
    title: `${tag} ${payload}`,
    description: payload,
    excerpt: payload,
    cost: payload,
    start_date: '2027-05-01 10:00:00',
    end_date: '2027-05-01 11:00:00',
  });
  const eventRaw = event.status === 201 ? await rawPost(site, 'tribe_events', event.body.id) : null;
  const venue = await request(site, 'tribe/events/v1/venues', as, {
    venue: `${tag} ${payload}`,
    address: payload,
  });
  const venueRaw = venue.status === 201 ? await rawPost(site, 'tribe_venue', venue.body.id) : null;
  const organizer = await request(site, 'tribe/events/v1/organizers', as, {
    organizer: `${tag} ${payload}`,
    phone: payload,
  });
  const organizerRaw =
    organizer.status === 201 ? await rawPost(site, 'tribe_organizer', organizer.body.id) : null;
  const category = await request(site, 'tribe/events/v1/categories', as, {
    name: `${tag} ${payload}`,
    description: payload,
  });
  const categoryRaw =
    category.status === 201
      ? (
          await request(
            site,
            `wp/v2/tribe_events_cat/${String(category.body.id)}?context=edit`,
            'admin',
          )
        ).body
      : null;
  return {
    event: eventRaw && {
      title: eventRaw.title?.slice(tag.length + 1),
      description: eventRaw.content,
      excerpt: eventRaw.excerpt,
      cost: eventRaw.meta._EventCost,
    },
    venue: venueRaw && {
      name: venueRaw.title?.slice(tag.length + 1),
      address: venueRaw.meta._VenueAddress,
    },
    organizer: organizerRaw && { phone: organizerRaw.meta._OrganizerPhone },
    category: categoryRaw && {
      name: String(categoryRaw.name).slice(tag.length + 1),
      description: categoryRaw.description,
    },
  };
}

const run = promisify(execFile);

/** WordPress's lists, from its own functions (php over the site's files). */
async function lists(site: StartedSite): Promise<string> {
  const php = `require '${site.dir}/wp/wp-load.php'; echo json_encode(['post' => wp_kses_allowed_html('post'), 'data' => wp_kses_allowed_html('data'), 'protocols' => wp_allowed_protocols(), 'uri' => wp_kses_uri_attributes()]);`;
  const { stdout } = await run('php', ['-r', php], {
    env: { ...process.env, HTTP_HOST: new URL(site.url).host },
    maxBuffer: 10_000_000,
  });
  return stdout;
}

const site = await startTecSite();
try {
  const answers: Json[] = [];
  for (const [n, payload] of corpus.payloads.entries()) {
    const roles: Json = {};
    for (const as of ROLES) roles[as] = await recordOne(site, as, payload, n);
    answers.push({ payload, roles });
  }
  const file = join(root, 'test/fixtures/kses/wordpress-answers.json');
  const about =
    'What WordPress 7.0.4 + TEC 6.17.2 kept of each payload per role (raw, as stored), recorded by scripts/record-kses.ts. null: the role may not create that record.';
  writeFileSync(file, `${JSON.stringify({ about, answers }, null, 2)}\n`);
  console.log(`wrote ${file}\nWordPress's kses lists:`);
  console.log(await lists(site));
} finally {
  await site.stop();
}
