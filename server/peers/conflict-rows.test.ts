import { describe, expect, it } from 'vitest';
import { shownConflictFields } from './conflict-rows.ts';

describe('a conflict’s rows as the editor shows them', () => {
  it('shows a venue’s state, province and region as the one region it shows', () => {
    const shown = shownConflictFields('venue', {
      phone: { marquee: '555-0100', site: '555-0199' },
      province: { marquee: '', site: '' },
      state: { marquee: '', site: 'CA' },
      stateprovince: { marquee: 'NY', site: 'CA' },
    });
    expect(shown).toEqual({
      phone: { marquee: '555-0100', site: '555-0199' },
      stateprovince: { marquee: 'NY', site: 'CA' },
    });
  });

  it('reads the region from the state or the province when no region was given', () => {
    const shown = shownConflictFields('venue', {
      state: { marquee: 'NY', site: '' },
      province: { marquee: '', site: 'Ontario' },
      stateprovince: { marquee: '', site: '' },
    });
    expect(shown).toEqual({ stateprovince: { marquee: 'NY', site: 'Ontario' } });
  });

  it('leaves the fields of other kinds as they are', () => {
    const fields = { cost: { marquee: '10', site: '12' }, website: { marquee: 'a', site: 'b' } };
    expect(shownConflictFields('event', fields)).toBe(fields);
  });
});
