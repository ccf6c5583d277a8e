import { describe, expect, it } from 'vitest';
import { matchTyped } from './name-match.ts';

const hall = {
  uuid: 'a',
  label: 'Blue Note Hall (Springfield)',
  names: ['Blue Note Hall', 'blue-note-hall'],
};
const jazz = { uuid: 'b', label: 'Music › Jazz', names: ['Jazz', 'jazz'] };
const cafe = { uuid: 'c', label: 'Café Müller', names: ['Café Müller', 'cafe-muller'] };
const options = [hall, jazz, cafe];

describe('a name typed in a picker', () => {
  it('means the record whose plain name or slug it is, whatever the case and accents', () => {
    expect(matchTyped('Blue Note Hall', options, 'en')).toEqual({ kind: 'one', option: hall });
    expect(matchTyped('jazz', options, 'en')).toEqual({ kind: 'one', option: jazz });
    expect(matchTyped('cafe muller', options, 'de')).toEqual({ kind: 'one', option: cafe });
    expect(matchTyped('CAFE MULLER', options, 'en')).toEqual({ kind: 'one', option: cafe });
    expect(matchTyped('café müller', options, 'fr')).toEqual({ kind: 'one', option: cafe });
    expect(matchTyped('Cafe Müller', options, 'fr')).toEqual({ kind: 'one', option: cafe });
    expect(matchTyped('blue-note-hall', options, 'en')).toEqual({ kind: 'one', option: hall });
    expect(matchTyped('Music › Jazz', options, 'en')).toEqual({ kind: 'one', option: jazz });
  });

  it('asks which when several records have the name', () => {
    const other = { uuid: 'd', label: 'Club › Jazz', names: ['Jazz'] };
    expect(matchTyped('Jazz', [...options, other], 'en')).toEqual({
      kind: 'several',
      options: [jazz, other],
    });
  });

  it('asks before creating a name one edit away from one that exists', () => {
    expect(matchTyped('Blue Note Hal', options, 'en')).toEqual({ kind: 'near', options: [hall] });
    expect(matchTyped('Jaz', options, 'en')).toEqual({ kind: 'none' });
    expect(matchTyped('The Blue Note', options, 'en')).toEqual({ kind: 'none' });
  });
});
