/**
 * The TEC site as a peer (server/peers/tec/): what is written reads back the same, field by
 * field, whatever a fresh reader asks (a batch, a single read, a listing); updates are whole;
 * the trash and restores; a past or hidden event is still found; a create whose answer was lost
 * is found again; and "Test" says who the login is and what it may not do.
 */
import { describe, expect, it } from 'vitest';
import { createTecHttp } from '#server/peers/tec/tec-http.ts';
import { probeSite } from '#server/peers/tec/tec-probe.ts';
import { createTecRemote } from '#server/peers/tec/tec-remote.ts';
import { TEC_FIELDS } from '#server/peers/tec/tec-views.ts';
import type { View } from '#server/peers/website/remote.ts';
import { sameValue } from '#server/peers/website/view.ts';
import { mark, tecSite, type TecUser } from '../support/tec-site.ts';

const site = tecSite();

function remoteAs(user: TecUser = 'admin') {
  const http = createTecHttp({
    root: `${site!.url}/wp-json/`,
    login: { login: user, password: site!.passwords[user] },
  });
  return createTecRemote(http, { trustsRaw: user === 'admin' || user === 'editor1' });
}

/** Fields whose values differ between `sent` and `read`. */
function differences(
  kind: 'event' | 'venue' | 'organizer' | 'category' | 'tag',
  sent: View,
  read: View | undefined,
) {
  return TEC_FIELDS[kind].filter(
    (field) => !sameValue(field, sent[field] ?? null, read?.[field] ?? null),
  );
}

const nowUtc = () => new Date(Date.now() - 1000).toISOString().slice(0, 19).replace('T', ' ');

describe.skipIf(!site)('the TEC site as a peer', () => {
  it('says who the login is, the site’s name and TEC’s version, and what the role may not do', async () => {
    const admin = await probeSite(site!.url, { login: 'admin', password: site!.passwords.admin });
    expect(admin).toMatchObject({
      address: site!.url,
      apiRoot: `${site!.url}/wp-json/`,
      timezone: 'America/New_York',
      tecVersion: '6.17.2',
      user: { login: 'admin', roles: ['administrator'] },
      warnings: [],
      trustsRaw: true,
    });
    expect(admin.name).not.toBe('');
    const author = await probeSite(site!.url, {
      login: 'author1',
      password: site!.passwords.author1,
    });
    expect(author).toMatchObject({
      tecVersion: null,
      warnings: ['strips-html', 'cannot-edit-others'],
    });
    const contributor = await probeSite(site!.url, {
      login: 'contributor1',
      password: site!.passwords.contributor1,
    });
    expect(contributor.warnings).toEqual(['cannot-publish', 'strips-html', 'cannot-edit-others']);
  });

  it('writes an event with every field TEC carries, and reads it back the same', async () => {
    const remote = remoteAs();
    const tag = mark();
    const venue = await remote.create('venue', {
      name: `Hall “${tag}” & Bar`,
      description: 'The hall.\n\nUpstairs',
      slug: `hall-${tag}`,
      status: 'publish',
      address: '1 Main St',
      city: 'Springfield',
      country: 'United States',
      province: '',
      state: 'IL',
      zip: '62701',
      phone: '555 0100',
      stateprovince: 'IL',
      website: 'https://hall.example/',
      showMap: false,
      showMapLink: true,
    });
    const organizers = await Promise.all(
      ['One', 'Two'].map((name) =>
        remote.create('organizer', {
          name: `${name} ${tag}`,
          description: '',
          slug: `${name.toLowerCase()}-${tag}`,
          status: 'publish',
          phone: '1',
          website: '',
          email: `${name.toLowerCase()}@example.org`,
        }),
      ),
    );
    const parent = await remote.create('category', {
      name: `Music ${tag}`,
      description: 'All of it',
      slug: `music-${tag}`,
      parentUuid: null,
    });
    const child = await remote.create('category', {
      name: `Rock & Roll ${tag}`,
      description: '',
      slug: `rock-${tag}`,
      parentUuid: parent.id,
    });
    const label = await remote.create('tag', {
      name: `Late “night” ${tag}`,
      description: '',
      slug: `late-${tag}`,
    });
    expect(child.view?.parentUuid).toBe(parent.id);
    expect(label.view?.name).toBe(`Late “night” ${tag}`);

    const sent: View = {
      title: `Tom & "Jerry" ${tag}`,
      excerpt: 'Short <em>and</em> sweet',
      description: 'One\n\nTwo "quoted" -- it\'s here\n<ul><li>a</li></ul>',
      slug: `tom-and-jerry-${tag}`,
      status: 'publish',
      date: '2026-01-02 03:04:05',
      start: '2027-06-01 20:00:00',
      end: '2027-06-01 23:30:00',
      timezone: 'Europe/Paris',
      allDay: false,
      cost: '€6.50 - €8.50',
      website: 'https://example.org/tom',
      showMap: true,
      showMapLink: false,
      hideFromListings: false,
      sticky: true,
      featured: true,
      venueUuid: venue.id,
      organizerUuids: [organizers[1]!.id, organizers[0]!.id],
      categoryUuids: [parent.id, child.id],
      tagUuids: [label.id],
    };
    const created = await remote.create('event', sent);
    expect(differences('event', sent, created.view)).toEqual([]);
    // A reader that kept nothing: a batch of TEC's and core's lists.
    const fresh = remoteAs();
    const { records } = await fresh.read('event', [created.id]);
    expect(differences('event', sent, records[0]?.view)).toEqual([]);
    expect(records[0]?.version).toBe(created.version);
    const venues = await remoteAs().read('venue', [venue.id]);
    expect(differences('venue', venue.view!, venues.records[0]?.view)).toEqual([]);
    const listing = await remoteAs().list('event');
    expect(listing.listed).toContainEqual({
      id: created.id,
      version: created.version,
      trashed: false,
    });
    expect(listing.watermark).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    // A whole update: what changes and what must not be reset.
    const changed: View = {
      ...sent,
      description: '',
      excerpt: '',
      cost: '',
      featured: false,
      allDay: true,
      start: '2027-06-02 00:00:00',
      end: '2027-06-02 23:59:59',
      venueUuid: null,
      organizerUuids: [],
    };
    const updated = await remote.update('event', created.id, changed);
    expect(differences('event', changed, updated.view)).toEqual([]);
    const again = await remoteAs().read('event', [created.id]);
    expect(differences('event', changed, again.records[0]?.view)).toEqual([]);
  });

  it('trashes, restores with the status sent, and tells a deletion for good', async () => {
    const remote = remoteAs();
    const view: View = { ...baseEvent(`Trash ${mark()}`), status: 'draft', date: null };
    const made = await remote.create('event', view);
    await remote.trash('event', made.id);
    await remote.trash('event', made.id); // a second time is what was asked already
    const trashed = await remoteAs().read('event', [made.id]);
    expect(trashed.records[0]).toMatchObject({ trashed: true, view: undefined });
    expect(await remote.version('event', made.id)).toMatchObject({ trashed: true });
    const restored = await remote.update('event', made.id, view);
    expect(restored.view?.status).toBe('draft');
    const gone = await fetch(`${site!.url}/wp-json/wp/v2/tribe_events/${made.id}?force=true`, {
      method: 'DELETE',
      headers: {
        authorization: `Basic ${Buffer.from(`admin:${site!.passwords.admin}`).toString('base64')}`,
      },
    });
    expect(gone.status).toBe(200);
    expect(await remote.version('event', made.id)).toBeNull();
    expect(await remoteAs().read('event', [made.id])).toEqual({ records: [], gone: [made.id] });
  });

  it('finds past and hidden events: by id, and in a full listing', async () => {
    const remote = remoteAs();
    const past = await remote.create('event', {
      ...baseEvent(`Past ${mark()}`),
      start: '2024-02-03 10:00:00',
      end: '2024-02-03 11:00:00',
    });
    const hidden = await remote.create('event', {
      ...baseEvent(`Hidden ${mark()}`),
      hideFromListings: true,
    });
    const read = await remoteAs().read('event', [past.id, hidden.id]);
    expect(read.records.map((record) => record.view?.title)).toEqual([
      past.view?.title,
      hidden.view?.title,
    ]);
    const ids = (await remoteAs().list('event')).listed.map((listed) => listed.id);
    expect(ids).toEqual(expect.arrayContaining([past.id, hidden.id]));
  });

  it('finds again a create whose answer was lost, and no other', async () => {
    const remote = remoteAs();
    const since = nowUtc();
    const view = baseEvent(`Lost answer ${mark()}`);
    const made = await remote.create('event', view);
    expect(await remote.findCreated('event', view, since, new Set())).toBe(made.id);
    expect(await remote.findCreated('event', view, since, new Set([made.id]))).toBeUndefined();
    expect(
      await remote.findCreated(
        'event',
        { ...view, start: '2027-01-01 09:00:00' },
        since,
        new Set(),
      ),
    ).toBeUndefined();
    const venue = { ...baseVenue(`Lost venue ${mark()}`) };
    const madeVenue = await remote.create('venue', venue);
    expect(await remote.findCreated('venue', venue, since, new Set())).toBe(madeVenue.id);
    // A term of a taken name is that term.
    const term = { name: `Taken ${mark()}`, description: '', slug: '' };
    const first = await remote.create('tag', term);
    const second = await remote.create('tag', { ...term, description: 'now described' });
    expect(second.id).toBe(first.id);
    expect(second.view?.description).toBe('now described');
  });

  it('authors’ texts are read back as WordPress kept them', async () => {
    const remote = remoteAs('author1');
    const view = { ...baseEvent(`Author ${mark()}`), description: 'A<script>x()</script>B' };
    const made = await remote.create('event', view);
    expect(made.view?.description).not.toContain('<script>');
  });
});

function baseEvent(title: string): View {
  return {
    title,
    excerpt: '',
    description: '',
    slug: '',
    status: 'publish',
    date: null,
    start: '2027-05-05 18:00:00',
    end: '2027-05-05 19:00:00',
    timezone: 'America/New_York',
    allDay: false,
    cost: '',
    website: '',
    showMap: false,
    showMapLink: false,
    hideFromListings: false,
    sticky: false,
    featured: false,
    venueUuid: null,
    organizerUuids: [],
    categoryUuids: [],
    tagUuids: [],
  };
}

function baseVenue(name: string): View {
  return {
    name,
    description: '',
    slug: '',
    status: 'publish',
    address: '',
    city: '',
    country: '',
    province: '',
    state: '',
    zip: '',
    phone: '',
    stateprovince: '',
    website: '',
    showMap: true,
    showMapLink: true,
  };
}
