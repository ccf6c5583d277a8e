import { describe, expect, it } from 'vitest';
import { READ_ASIDE_BYTES, readIcsAside } from './ics-read-aside.ts';

const options = { defaultZone: 'Europe/Berlin', now: new Date('2026-11-20T10:00:00Z') };

/** A calendar of about `bytes`, its events padded with a long description. */
function calendar(bytes: number): Uint8Array {
  const vevent = (index: number) =>
    `BEGIN:VEVENT\r\nUID:e${index}\r\nDTSTART:20270301T180000Z\r\nSUMMARY:E${index}\r\nDESCRIPTION:${'x'.repeat(900)}\r\nEND:VEVENT\r\n`;
  const count = Math.ceil(bytes / 1000);
  const text = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${Array.from({ length: count }, (_, index) => vevent(index)).join('')}END:VCALENDAR\r\n`;
  return new TextEncoder().encode(text);
}

describe('reading a large ICS file aside', () => {
  it('reads it in a thread as in place', async () => {
    const bytes = calendar(2 * READ_ASIDE_BYTES);
    const read = await readIcsAside(bytes, options);
    expect(read.problems).toEqual([]);
    expect(read.events).toHaveLength(Math.ceil((2 * READ_ASIDE_BYTES) / 1000));
    expect(bytes.length).toBeGreaterThan(READ_ASIDE_BYTES);
  });

  it('stops a reading past its deadline and refuses the file', async () => {
    const read = await readIcsAside(calendar(2 * READ_ASIDE_BYTES), options, 1);
    expect(read.events).toEqual([]);
    expect(read.whole).toBe(false);
    expect(read.problems[0]?.message).toContain('took longer than 0.001 s');
  });
});
