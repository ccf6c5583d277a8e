/**
 * List cells of a CSV (organizers, categories, tags) through HTTP: a name with a comma is one
 * name when it is in double quotes, and the export writes it so; the answer names what an
 * import creates, the first 50 of each kind.
 */
import { describe, expect, it } from 'vitest';
import { eventListOf } from '../support/events.ts';
import { OWNER_TOKEN, startTestServer, type TestServer } from '../support/test-server.ts';

const IMPORT = '/wp-json/marquee/v1/import?format=csv';

async function exported(server: TestServer): Promise<string> {
  const reply = await fetch(`${server.url}/wp-json/marquee/v1/export?format=csv`, {
    headers: { authorization: `Bearer ${OWNER_TOKEN}` },
  });
  expect(reply.status).toBe(200);
  return reply.text();
}

async function lists(server: TestServer) {
  const list = eventListOf(await server.api('/events?start_date=2000-01-01', { as: 'owner' }));
  return list.events.map((event) => ({
    organizers: event.organizer.map((organizer) => organizer.organizer),
    categories: event.categories.map((term) => term.name),
    tags: event.tags.map((term) => term.name),
  }));
}

describe('CSV list cells', () => {
  it('reads names with commas in quotes inside a list cell, and writes them so they come back', async () => {
    const target = await startTestServer();
    try {
      // The cell's text is: Acme Events, "Woodhouse, Chelsea S."
      const file =
        'event_name,event_start_date,event_start_time,event_organizer_name,event_category,event_tags\n' +
        'Readings,2027-04-02,19:00,"Acme Events, ""Woodhouse, Chelsea S.""","""Words, spoken"", Poetry","late, ""Q+A, open"""\n';
      const reply = await target.request(IMPORT, { as: 'owner', text: file });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      const [event] = await lists(target);
      expect(event).toMatchObject({
        organizers: ['Acme Events', 'Woodhouse, Chelsea S.'],
        categories: ['Poetry', 'Words, spoken'],
        tags: ['late', 'Q+A, open'],
      });
      const again = await exported(target);
      expect(again).toContain('"Acme Events, ""Woodhouse, Chelsea S."""');
      const copy = await startTestServer();
      try {
        expect((await copy.request(IMPORT, { as: 'owner', text: again })).status).toBe(201);
        expect(await lists(copy)).toEqual(await lists(target));
      } finally {
        await copy.close();
      }
      const broken = await target.request(IMPORT, {
        as: 'owner',
        text: 'event_name,event_start_date,event_organizer_name\nReadings,2027-04-02,"Acme, ""Woodhouse"\n',
      });
      expect(broken.status).toBe(400);
      expect(JSON.stringify(broken.body)).toContain('has a quote that is not closed');
    } finally {
      await target.close();
    }
  });

  it('names the first 50 records of each kind it creates, and counts them all', async () => {
    const target = await startTestServer();
    try {
      const names = Array.from({ length: 60 }, (_, index) => `Band ${index + 1}, the`);
      const file =
        'event_name,event_start_date,event_organizer_name\n' +
        `Festival,2027-06-01,"${names.map((name) => `""${name}""`).join(',')}"\n`;
      const reply = await target.request(`${IMPORT}&dryRun=true`, { as: 'owner', text: file });
      expect(reply.body).toMatchObject({
        created: { organizers: 60 },
        createdNames: { organizers: names.slice(0, 50) },
      });
    } finally {
      await target.close();
    }
  });
});
