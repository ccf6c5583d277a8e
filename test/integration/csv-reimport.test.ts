/**
 * What a CSV import changes, through HTTP: only what the file says differently. A file written
 * in one language shows texts other languages hold (as the API shows them); importing it again
 * copies none of them into its language, and a venue or organizer row that says what the
 * record says writes nothing. Venue rows read TEC's State/Province column and featured images
 * as TEC's importer does.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backup } from '#shared/schemas/backup.ts';
import { push } from '../support/sync.ts';
import { OWNER_TOKEN, startTestServer, type TestServer } from '../support/test-server.ts';

const IMPORT = '/wp-json/marquee/v1/import?format=csv';
const VENUE = '00000000-0000-4000-8000-000000000001';
const ORGANIZER = '00000000-0000-4000-8000-000000000002';
const EVENT = '00000000-0000-4000-8000-000000000003';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

async function exported(kind: string, language: string): Promise<string> {
  const reply = await fetch(
    `${server.url}/wp-json/marquee/v1/export?format=csv&kind=${kind}&language=${language}`,
    { headers: { authorization: `Bearer ${OWNER_TOKEN}` } },
  );
  expect(reply.status).toBe(200);
  return reply.text();
}

async function backup(): Promise<Backup> {
  return (await server.request('/wp-json/marquee/v1/export?format=json', { as: 'owner' }))
    .body as Backup;
}

describe('re-importing a CSV export', () => {
  it('copies no text shown by fallback into the file’s language, and writes no record again', async () => {
    const created = await push(
      server,
      'csv-reimport',
      [
        {
          kind: 'venue',
          uuid: VENUE,
          fields: {
            name: { de: 'Konzerthaus' },
            description: { fr: 'Salle, "grande"' },
            city: 'Berlin',
            state: 'BE',
          },
        },
        { kind: 'organizer', uuid: ORGANIZER, fields: { name: { ja: '青山企画' } } },
        {
          kind: 'event',
          uuid: EVENT,
          fields: {
            title: { ja: '詩の夕べ' },
            description: { de: '<p>Lesung</p>' },
            start: '2027-05-01 19:00:00',
            end: '2027-05-01 21:00:00',
            timezone: 'Europe/Berlin',
            venueUuid: VENUE,
            organizerUuids: [ORGANIZER],
          },
        },
      ].map((mutation, index) => ({
        ...mutation,
        mutationId: index + 1,
        op: 'create',
        baseRev: 0,
      })),
      'owner',
    );
    expect(created.results.map((result) => result.status)).toEqual([
      'applied',
      'applied',
      'applied',
    ]);
    const before = await backup();
    for (const kind of ['venues', 'organizers', 'events']) {
      const file = await exported(kind, 'en');
      const reply = await server.request(`${IMPORT}&language=en`, { as: 'owner', text: file });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      expect(reply.body).toMatchObject({ events: { new: 0, updated: 0 } });
    }
    expect(await backup()).toEqual(before);
  });
});

describe('an event row that says something new', () => {
  it('writes a description whose markup alone changed, with the rest of the row', async () => {
    const row = (description: string, cost: string) =>
      `event_name,event_start_date,event_start_time,event_description,event_cost\nSets,2027-05-02,20:00,${description},${cost}\n`;
    await server.request(IMPORT, { as: 'owner', text: row('<p>Two sets</p>', '10') });
    const reply = await server.request(IMPORT, {
      as: 'owner',
      text: row('<p><strong>Two</strong> sets</p>', '12'),
    });
    expect(reply.body).toMatchObject({ events: { updated: 1 } });
    const [event] = (await backup()).events;
    expect(event).toMatchObject({
      cost: '12',
      description: { en: '<p><strong>Two</strong> sets</p>' },
    });
  });
});

describe('venue rows', () => {
  it('set state and province from TEC’s one column, and read the featured image', async () => {
    const file =
      'venue_name,venue_state,featured_image\nBlue Note Hall,NY,https://example.com/hall.jpg\n';
    expect((await server.request(IMPORT, { as: 'owner', text: file })).status).toBe(201);
    const { venues } = await backup();
    expect(venues).toEqual([
      expect.objectContaining({
        state: 'NY',
        province: 'NY',
        stateprovince: 'NY',
        image: 'https://example.com/hall.jpg',
      }),
    ]);
    const organizers = 'organizer_name,featured_image\nAcme,https://example.com/acme.png\n';
    expect((await server.request(IMPORT, { as: 'owner', text: organizers })).status).toBe(201);
    expect((await backup()).organizers).toEqual([
      expect.objectContaining({ image: 'https://example.com/acme.png' }),
    ]);
  });

  it('changes the region a venue shows when the file gives another', async () => {
    const first = 'venue_name,venue_state\nBlue Note Hall,Ontario\n';
    expect((await server.request(IMPORT, { as: 'owner', text: first })).status).toBe(201);
    const moved = 'venue_name,venue_state\nBlue Note Hall,Quebec\n';
    expect((await server.request(IMPORT, { as: 'owner', text: moved })).status).toBe(201);
    const reply = await server.api('/venues', { as: 'owner' });
    expect((reply.body as { venues: object[] }).venues).toEqual([
      expect.objectContaining({ stateprovince: 'Quebec', state: 'Quebec', province: 'Quebec' }),
    ]);
  });
});
