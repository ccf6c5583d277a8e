/**
 * Details of TEC's answers that comparing Marquee with the real site (`npm run compare:tec`)
 * showed Marquee had otherwise: each was what a website build reading TEC would see differ.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, eventOf } from '../support/events.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const basics = { title: 'Gig', start_date: '2026-12-01 20:00:00', end_date: '2026-12-01 23:00:00' };

describe('what the site answers', () => {
  it('names the host without its port in global_id, as TEC’s parse_url(home_url()) does', async () => {
    const event = await createEvent(server, basics);
    const { hostname, port } = new URL(server.url);
    expect(port).not.toBe('');
    expect(event.global_id).toBe(`${hostname}?id=${event.id}`);
    expect(event.global_id_lineage).toEqual([`${hostname}?id=${event.id}`]);
  });

  it('trims rendered descriptions and excerpts as TEC does (no newline after the last </p>)', async () => {
    const event = await createEvent(server, {
      ...basics,
      description: 'Line one\n\nLine <b>two</b>',
      excerpt: 'Short',
    });
    expect(event.description).toBe('<p>Line one</p>\n<p>Line <b>two</b></p>');
    expect(event.excerpt).toBe('<p>Short</p>');
    const venue = await server.api('/venues', {
      as: 'owner',
      json: { venue: 'Hall', description: 'Upstairs' },
    });
    expect((venue.body as { description: string }).description).toBe('<p>Upstairs</p>');
  });

  it('gives an invalid parameter’s empty `details` as WordPress does: [] (an empty PHP array)', async () => {
    const reply = await server.api('/events', { as: 'owner', json: { ...basics, title: '' } });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, details: [] },
    });
  });
});
