import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.ts';

describe('contentDisposition', () => {
  it('names a plain file name as it is', () => {
    expect(contentDisposition('attachment', 'events-2026-11-20.csv')).toBe(
      'attachment; filename="events-2026-11-20.csv"',
    );
  });

  it('gives any other name as UTF-8 filename*, with an ASCII stand-in Node can send', () => {
    const header = contentDisposition('inline', 'cafe-日本 "x".ics');
    expect(header).toBe(
      `inline; filename="cafe-__ _x_.ics"; filename*=UTF-8''cafe-%E6%97%A5%E6%9C%AC%20%22x%22.ics`,
    );
    expect(header).toMatch(/^[\x20-\x7e]+$/);
  });
});
