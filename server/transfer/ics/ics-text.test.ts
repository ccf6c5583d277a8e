import { describe, expect, it } from 'vitest';
import { cleanText, htmlToText, inlineText } from './ics-text.ts';

describe('htmlToText', () => {
  it('turns paragraphs, breaks and list items into newlines', () => {
    const html =
      '<h2>Programme</h2><p>Doors <b>19:00</b><br />Start 20:00</p><ul><li>Jazz</li><li>Soul</li></ul>';
    expect(htmlToText(html)).toBe('Programme\n\nDoors 19:00\nStart 20:00\n\nJazz\nSoul');
  });

  it('keeps the newlines of autop-style text and drops scripts, styles and comments', () => {
    const text =
      'First paragraph\nsame paragraph\r\n\r\n\r\nSecond <!-- note --><script>alert(1)</script><style>p{}</style>';
    expect(htmlToText(text)).toBe('First paragraph\nsame paragraph\n\nSecond');
  });

  it('writes links as "text (url)", or the url when that is the text', () => {
    expect(
      htmlToText(
        '<p>Buy <a href="https://t.example/?a=1&amp;b=2" target="_blank">tickets</a>, see ' +
          '<A HREF=\'https://x.example/\'>https://x.example/</A>, mail <a href="mailto:a@b.example">a@b.example</a>' +
          ' <a name="top">anchor</a> <a href="#">&nbsp;</a></p>',
      ),
    ).toBe(
      'Buy tickets (https://t.example/?a=1&b=2), see https://x.example/, mail a@b.example anchor #',
    );
  });

  it('reads text with many links that never close (a backtracking pattern would not end)', () => {
    expect(htmlToText('<a href="x">'.repeat(100_000))).toBe('');
  });

  it('decodes entities after removing tags, so escaped markup stays text', () => {
    expect(htmlToText('&lt;b&gt; is bold &amp;amp; &#8220;quoted&#x201D; &euro;5')).toBe(
      '<b> is bold &amp; \u201cquoted\u201d €5',
    );
  });
});

describe('text helpers', () => {
  it('writes names on one line without markup', () => {
    expect(inlineText('  Kids <12 <em>free</em>\n entry  ')).toBe('Kids <12 free entry');
  });

  it('normalizes newlines and drops control characters', () => {
    expect(cleanText('a\r\nb\rc\u0000d\te\u001b')).toBe('a\nb\ncd\te');
  });
});

it('decodes numeric and named entities and leaves unknown ones', () => {
  expect(htmlToText('Rock &#038; Roll &uuml; &#0; &bogus; &#x1F600; &hellip;')).toBe(
    'Rock & Roll ü \ufffd &bogus; 😀 …',
  );
});
