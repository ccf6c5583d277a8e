import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors/codes.ts';
import { LANGUAGES } from '../languages.ts';
import { NAMESPACES, RESOURCES } from './resources.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [leaf, text] of leaves(value, path)) out.set(leaf, text);
  }
  return out;
}

const variables = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe('UI translations', () => {
  const english = Object.fromEntries(
    NAMESPACES.map((ns) => [ns, leaves(RESOURCES.en[ns] as Tree)]),
  );

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s has every English key, no others, and the same variables',
    (language) => {
      for (const ns of NAMESPACES) {
        const translated = leaves(RESOURCES[language][ns]);
        expect([...translated.keys()].sort(), `${language}/${ns}`).toEqual(
          [...english[ns]!.keys()].sort(),
        );
        for (const [key, text] of translated) {
          expect(text.trim(), `${language}/${ns}/${key} is empty`).not.toBe('');
          expect(variables(text), `${language}/${ns}/${key}`).toEqual(
            variables(english[ns]!.get(key) ?? ''),
          );
        }
      }
    },
  );

  it('translates every error code the API can send', () => {
    expect([...english.errors!.keys()].sort()).toEqual([...ERROR_CODES].sort());
  });
});
