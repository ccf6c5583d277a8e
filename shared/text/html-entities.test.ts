import { expect, it } from 'vitest';
import { decodeEntities } from './html-entities.ts';

it('decodes numeric and common named entities and leaves unknown ones', () => {
  expect(decodeEntities('Rock &#038; Roll &uuml; &#0; &bogus; &#x1F600;')).toBe(
    'Rock & Roll ü \ufffd &bogus; 😀',
  );
});
