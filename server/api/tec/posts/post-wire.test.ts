import { autop } from '@wordpress/autop';
import { describe, expect, it } from 'vitest';
import { renderContent } from './post-wire.ts';

describe('renderContent', () => {
  it('renders what wpautop renders, a line of plain text without running it', () => {
    // Pieces a text may be made of: plain words, entities, quotes, non-breaking and other
    // spaces, tabs, brackets, markup and line breaks (the last two go through wpautop).
    const pieces = ['a', 'b', ' ', '&', '&amp;', '>', '"', "'", '—', '日本', '\u00a0', '\t'];
    const more = [...pieces, '\u2028', '[b]', '<b>', '</p>', '<div>', '\n', '\n\n', '\r\n', ' \n'];
    let seed = 7;
    const next = (n: number) => Math.floor(((seed = (seed * 48271) % 2147483647) / 2147483647) * n);
    for (let round = 0; round < 20_000; round += 1) {
      const from = round % 2 === 0 ? pieces : more;
      const text = Array.from({ length: next(10) }, () => from[next(from.length)]).join('');
      // TEC's rendered texts end at their last tag (measured): wpautop's closing line break is cut.
      expect(renderContent(text), JSON.stringify(text)).toBe(text ? autop(text).trim() : '');
    }
  });
});
