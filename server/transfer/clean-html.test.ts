import { describe, expect, it } from 'vitest';
import { cleanHtml } from './clean-html.ts';

describe('cleanHtml', () => {
  it('keeps what the editor keeps, as written', () => {
    const html =
      '<p>Tickets at <a href="https://t.example/q?a=1&amp;b=2" target="_blank" rel="noopener">our shop</a> &amp; <strong>more</strong></p><ul><li><em>one</em></li><li>two<br>three</li></ul>';
    expect(cleanHtml(html)).toBe(html);
  });

  it('drops other tags and attributes, keeps their text, and drops scripts and heads whole', () => {
    expect(
      cleanHtml(
        '<!DOCTYPE html><HTML><HEAD><TITLE>t</TITLE><STYLE>p{}</STYLE></HEAD><BODY><!-- x -->' +
          '<P CLASS="a" onclick="alert(1)">Hi <SPAN>there</SPAN><script>alert(2)</script></P>' +
          '<h2>Next</h2><img src=x onerror=alert(3)></BODY></HTML>',
      ),
    ).toBe('<p>Hi there</p>Next');
  });

  it('keeps only links to the web, mail, phone and the same site', () => {
    const links = [
      'https://a.example/',
      'mailto:a@b.example',
      'tel:+1',
      '#top',
      '/page',
      'javascript:alert(1)',
      'java&#115;cript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
    ].map((href) => cleanHtml(`<a href="${href}">x</a>`));
    expect(links).toEqual([
      '<a href="https://a.example/">x</a>',
      '<a href="mailto:a@b.example">x</a>',
      '<a href="tel:+1">x</a>',
      '<a href="#top">x</a>',
      '<a href="/page">x</a>',
      '<a>x</a>',
      '<a>x</a>',
      '<a>x</a>',
      '<a>x</a>',
    ]);
  });

  it('writes well-formed markup whatever comes in', () => {
    expect(cleanHtml('<p>a <b>bold <i>both</p> after')).toBe(
      '<p>a <b>bold <i>both</i></b></p> after',
    );
    // A stray </p> is an empty paragraph, as browsers (and DOMPurify) read it.
    expect(cleanHtml('</li>x</p><br/><br />')).toBe('x<p></p><br><br>');
    expect(
      cleanHtml('Kids <12 & 3 > 2 &amp; &copy; &bogus <a href=\'https://x.example/?q="1"\'>q'),
    ).toBe(
      'Kids &lt;12 &amp; 3 &gt; 2 &amp; © &amp;bogus <a href="https://x.example/?q=&quot;1&quot;">q</a>',
    );
    expect(cleanHtml('<a title="x>y" href=https://x.example/>z</a>')).toBe(
      '<a href="https://x.example/">z</a>',
    );
    expect(cleanHtml('<p>open <script>never closed')).toBe('<p>open </p>');
    expect(cleanHtml('<!-- never closed <p>x</p>')).toBe('');
    // A tag cut off by the end of the text is dropped, as browsers read it.
    expect(cleanHtml('a <p unfinished')).toBe('a ');
  });
});
