import { describe, expect, it } from 'vitest';
import { shownConflictFields } from './conflict-rows.ts';

describe('a conflict’s rows as the editor shows them', () => {
  it('shows a venue’s state, province and region as the one region it shows', () => {
    const shown = shownConflictFields('venue', {
      phone: { mine: '555-0100', theirs: '555-0199' },
      province: { mine: '', theirs: '' },
      state: { mine: '', theirs: 'CA' },
      stateprovince: { mine: 'NY', theirs: 'CA' },
    });
    expect(shown).toEqual({
      phone: { mine: '555-0100', theirs: '555-0199' },
      stateprovince: { mine: 'NY', theirs: 'CA' },
    });
  });

  it('reads the region from the state or the province when no region was given', () => {
    const shown = shownConflictFields('venue', {
      state: { mine: 'NY', theirs: '' },
      province: { mine: '', theirs: 'Ontario' },
      stateprovince: { mine: '', theirs: '' },
    });
    expect(shown).toEqual({ stateprovince: { mine: 'NY', theirs: 'Ontario' } });
  });

  it('leaves the fields of other kinds as they are', () => {
    const fields = { cost: { mine: '10', theirs: '12' }, website: { mine: 'a', theirs: 'b' } };
    expect(shownConflictFields('event', fields)).toBe(fields);
  });
});
