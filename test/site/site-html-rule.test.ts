/**
 * What goes to the real website is never more than the record's Marquee author could write
 * there, with the calendar connected as the site's admin (who may write any HTML): an author's
 * record, even one stored before the rule (its markup kept, as an editor's write keeps it), is
 * cleaned before it is sent; a title escaped on the site stays escaped after Marquee sends the
 * event back. The site's public event page, opened in Chromium, runs none of the corpus.
 */
import { chromium, type Browser } from '@playwright/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/browser.mjs';
import corpus from '../fixtures/xss/corpus.json' with { type: 'json' };
import { pull } from '../support/sync.ts';
import { connectedCalendar, type ConnectedCalendar } from '../support/site-sync.ts';
import { adminRequest, createTecEvent, mark, tecSite, type Json } from '../support/tec-site.ts';

const site = tecSite();

let calendar: ConnectedCalendar | undefined;
afterEach(async () => {
  await calendar?.close();
  calendar = undefined;
});

let browser: Browser | undefined;
beforeAll(async () => {
  const executablePath = findChromium();
  if (site && executablePath)
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
});

/** The user id of the calendar's author token. */
async function authorId(server: ConnectedCalendar): Promise<number> {
  const reply = await server.request('/wp-json/marquee/v1/tokens', { as: 'owner' });
  const tokens = reply.body as { id: number; role: string }[];
  return tokens.find((token) => token.role === 'author')!.id;
}

/** The site's raw texts of one of its events. */
async function rawOnSite(id: number) {
  const reply = await adminRequest(`wp/v2/tribe_events/${id}?context=edit`);
  const raw = (field: string) => (reply.body[field] as { raw?: string } | undefined)?.raw ?? '';
  return {
    title: raw('title'),
    content: raw('content'),
    excerpt: raw('excerpt'),
    link: String(reply.body.link),
  };
}

/**
 * Whether HTML holds markup that would run: a script, a frame, an SVG, a handler, a URL that
 * runs. Only tags are read: escaped text (`&lt;img onerror=…&gt;`) is text.
 */
const runs = (html: string) =>
  [...html.matchAll(/<([a-z][\w-]*)\b([^>]*)>/gi)].some(
    ([, tag, attributes]) =>
      /^(script|iframe|svg|object|embed)$/i.test(tag!) ||
      /\son\w+\s*=|=\s*["']?\s*(javascript|vbscript|data):/i.test(attributes!),
  );

describe.skipIf(!site)('what the website push sends', () => {
  it('cleans an author’s record, one stored before the rule too, as WordPress would', async () => {
    calendar = await connectedCalendar();
    const tag = mark();
    const description = corpus.payloads.join('\n');
    // The owner writes it on the author's behalf: the markup is kept (an admin's write), as
    // every record an author wrote before the rule kept it.
    const made = await calendar.api('/events', {
      as: 'owner',
      json: {
        title: `Kept ${tag} <img src=x onerror=alert(1)>`,
        description,
        excerpt: '<svg onload=alert(2)>',
        start_date: '2027-11-03 20:00:00',
        end_date: '2027-11-03 22:00:00',
        author: await authorId(calendar),
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((made.body as Json).description).toContain('onerror');
    expect(await calendar.sync()).toMatchObject({ sent: 1, conflicts: 0 });
    const listed = await adminRequest(
      `tribe/events/v1/events?search=${tag}&start_date=2027-11-01&end_date=2027-11-30`,
    );
    const id = ((listed.body.events as Json[])[0] as { id: number }).id;
    const raw = await rawOnSite(id);
    expect(raw.title).not.toContain('<img');
    expect(runs(raw.content), raw.content).toBe(false);
    expect(runs(raw.excerpt), raw.excerpt).toBe(false);
    // What the site stored is no change to send again.
    expect(await calendar.sync()).toMatchObject({ sent: 0, received: 0, conflicts: 0 });

    if (browser) {
      const page = await browser.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(raw.link, { waitUntil: 'load' });
      expect(await page.content()).toContain(tag);
      // In the page as the browser built it: no element holds the corpus' handlers, scripts
      // or javascript: URLs (the theme's own scripts call no alert).
      const left = await page.evaluate(() =>
        [...document.querySelectorAll('*')].flatMap((element) => [
          // TEC's JSON-LD quotes the description as data (a script the browser never runs).
          ...(element.tagName === 'SCRIPT' &&
          !/json/.test(element.getAttribute('type') ?? '') &&
          /alert\(/.test(element.textContent ?? '')
            ? ['script']
            : []),
          ...[...element.attributes]
            .filter(
              (attribute) =>
                (/^on/i.test(attribute.name) && /alert|eval/.test(attribute.value)) ||
                /^\s*(javascript|vbscript):/i.test(attribute.value),
            )
            .map((attribute) => `${element.tagName} ${attribute.name}=${attribute.value}`),
        ]),
      );
      await page.close();
      expect(dialogs).toEqual([]);
      expect(left).toEqual([]);
    }
  });

  it('keeps a title escaped on the site escaped when Marquee sends the event back', async () => {
    calendar = await connectedCalendar();
    const tag = mark();
    const made = await createTecEvent({
      title: `Escaped ${tag} &lt;script&gt;alert(1)&lt;/script&gt;`,
      description: 'Plain.',
      start_date: '2027-11-05 20:00:00',
      end_date: '2027-11-05 22:00:00',
    });
    expect(await calendar.sync()).toMatchObject({ conflicts: 0 });
    const events = (await pull(calendar)).records.event;
    const pulled = events.find((event) => String(event.title.en).includes(tag));
    expect(pulled?.title.en).toBe(`Escaped ${tag} <script>alert(1)</script>`);
    // A change in Marquee sends the whole event back.
    const changed = await calendar.request('/wp-json/marquee/v1/sync/push', {
      as: 'owner',
      json: {
        clientId: `editor-${tag}`,
        mutations: [
          {
            mutationId: 1,
            kind: 'event',
            op: 'update',
            uuid: pulled!.uuid,
            baseRev: pulled!.rev,
            fields: { cost: '5' },
          },
        ],
      },
    });
    expect(changed.status).toBe(200);
    expect(await calendar.sync()).toMatchObject({ sent: 1, conflicts: 0 });
    const raw = await rawOnSite(made.id);
    expect(raw.title).toBe(`Escaped ${tag} &lt;script&gt;alert(1)&lt;/script&gt;`);
    expect(await calendar.sync()).toMatchObject({ sent: 0, received: 0, conflicts: 0 });
  });
});
