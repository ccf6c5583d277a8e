import { describe, expect, it } from 'vitest';
import { eventBody, organizerBody, termBody, venueBody } from './tec-views.ts';

describe('TEC bodies from views', () => {
  it('send names as escaped text: what was text on the site stays text', () => {
    const name = 'Esc <script>alert(1)</script> & more';
    const html = 'Esc &lt;script&gt;alert(1)&lt;/script&gt; & more';
    expect(eventBody({ title: name, status: 'publish' }).title).toBe(html);
    expect(venueBody({ name, status: 'publish' }).venue).toBe(html);
    expect(organizerBody({ name, status: 'publish' }).organizer).toBe(html);
    expect(termBody('tag', { name }).name).toBe(html);
  });

  it('send descriptions as the HTML they are', () => {
    const description = '<p>Doors at <strong>7</strong></p>';
    expect(eventBody({ title: 'x', description, status: 'publish' }).description).toBe(description);
  });
});
