/** Multilingual content across all eight languages. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '#shared/languages.ts';
import { at, createEvent, eventOf } from '../support/events.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { termOf } from '../support/terms.ts';

const TITLES: Record<Language, string> = {
  bg: 'Джаз вечер',
  'zh-hans': '爵士之夜',
  en: 'Jazz Night',
  fr: 'Soirée jazz',
  de: 'Jazzabend',
  ja: 'ジャズの夜',
  'pt-br': 'Noite de jazz',
  es: 'Noche de jazz',
};

let server: TestServer;
let id: number;

beforeAll(async () => {
  server = await startTestServer();
  const event = await createEvent(server, {
    title: TITLES.en,
    description: 'English text',
    start_date: at(1),
    end_date: at(1, 2),
    categories: 'Music',
  });
  id = event.id;
  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    // Half the languages send `language` in the body, half on the query string.
    const inBody = LANGUAGES.indexOf(language) % 2 === 0;
    const path = inBody ? `/events/${id}` : `/events/${id}?language=${language}`;
    const reply = await server.api(path, {
      as: 'owner',
      json: { title: TITLES[language], ...(inBody ? { language } : {}) },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  }
});
afterAll(() => server.close());

describe.each(LANGUAGES)('content in %s', (language) => {
  it('is served by language, lang and the root segment, with its own slug', async () => {
    for (const path of [
      `/wp-json/tribe/events/v1/events/${id}?language=${language}`,
      `/wp-json/tribe/events/v1/events/${id}?lang=${language}`,
      `/${language}/wp-json/tribe/events/v1/events/${id}`,
    ]) {
      const event = eventOf(await server.request(path));
      expect(event.title).toBe(TITLES[language]);
      expect(event.language).toBe(language);
      expect(event.translations).toEqual([...LANGUAGES]);
    }
    const slug = eventOf(await server.api(`/events/${id}?language=${language}`)).slug;
    expect(
      eventOf(
        await server.request(
          `/${language}/wp-json/tribe/events/v1/events/by-slug/${encodeURIComponent(slug)}`,
        ),
      ).id,
    ).toBe(id);
    expect(eventOf(await server.api(`/events/by-slug/${encodeURIComponent(slug)}`)).id).toBe(id);
  });

  it('falls back to the default language for fields not translated', async () => {
    const event = eventOf(await server.api(`/events/${id}?language=${language}`));
    expect(event.description).toBe('<p>English text</p>');
    expect(event.categories[0]?.name).toBe('Music');
  });
});

describe('writes in one language', () => {
  it('touch only that language’s translatable values, and shared fields for all', async () => {
    await server.api(`/events/${id}`, {
      as: 'owner',
      json: { language: 'ja', description: '日本語の説明', cost: '¥3000' },
    });
    const ja = eventOf(await server.api(`/events/${id}?language=ja`));
    const de = eventOf(await server.api(`/events/${id}?language=de`));
    expect(ja).toMatchObject({
      title: TITLES.ja,
      description: '<p>日本語の説明</p>',
      cost: '¥3000',
    });
    expect(de).toMatchObject({
      title: TITLES.de,
      description: '<p>English text</p>',
      cost: '¥3000',
    });
  });

  it('keeps slugs unique per language', async () => {
    const twin = await createEvent(server, {
      title: TITLES.en,
      start_date: at(2),
      end_date: at(2, 1),
      language: 'zh-hans',
    });
    expect(twin.slug).toBe('jazz-night');
    const zh = eventOf(await server.api(`/events/${twin.id}?language=zh-hans`));
    expect(zh.slug).toBe('jazz-night');
    expect(eventOf(await server.api(`/events/${id}?language=en`)).slug).toBe('jazz-night');
    const again = await createEvent(server, {
      title: TITLES.en,
      start_date: at(3),
      end_date: at(3, 1),
    });
    expect(again.slug).toBe('jazz-night-2');
  });

  it('translates terms too, in any language', async () => {
    const music = eventOf(await server.api(`/events/${id}`)).categories[0]?.id ?? 0;
    await server.api(`/categories/${music}`, {
      as: 'owner',
      json: { name: '音乐', language: 'zh-hans' },
    });
    expect(termOf(await server.api(`/categories/${music}?language=zh-hans`)).name).toBe('音乐');
    expect(eventOf(await server.api(`/events/${id}?language=zh-hans`)).categories[0]?.name).toBe(
      '音乐',
    );
  });
});
