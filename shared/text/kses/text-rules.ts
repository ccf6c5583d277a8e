/**
 * Who may write HTML, field by field: WordPress's rule as measured on the real site
 * (test/fixtures/kses/wordpress-answers.json). A role without `unfiltered_html` (author,
 * contributor) has its post titles cleaned by the title rule and its descriptions and excerpts
 * by `wp_kses_post`; admins and editors keep their markup there. Some texts WordPress and TEC
 * clean for every role: a venue's address and the other plain details, an organizer's phone and
 * email, an event's cost (tags stripped), a term's name (text on one line) and description (the
 * title rule, links with `rel` and `target`). Texts from a file are cleaned as an author's, whoever imports them.
 */
import type { Multilingual } from '../../schemas/multilingual.ts';
import { isTranslatable, type Kind, type Patch } from '../../kinds/registry.ts';
import { ksesPost, ksesTermDescription, strippedText, termNameText, titleText } from './kses.ts';

type Rule = {
  clean: (text: string) => string;
  /** Cleaned for every role, not only for those without `unfiltered_html`. */
  everyone: boolean;
};

const TITLE: Rule = { clean: titleText, everyone: false };
const POST: Rule = { clean: ksesPost, everyone: false };
const STRIPPED: Rule = { clean: strippedText, everyone: true };

const VENUE_DETAILS = ['address', 'city', 'country', 'province', 'state', 'zip', 'phone'];

const POST_RULES = { description: POST, excerpt: POST };

const TERM_RULES: Record<string, Rule> = {
  name: { clean: termNameText, everyone: true },
  description: { clean: ksesTermDescription, everyone: true },
};

const TEXT_RULES: Readonly<Record<Kind, Readonly<Record<string, Rule>>>> = {
  event: { title: TITLE, ...POST_RULES, cost: STRIPPED },
  venue: {
    name: TITLE,
    ...POST_RULES,
    ...Object.fromEntries([...VENUE_DETAILS, 'stateprovince'].map((field) => [field, STRIPPED])),
  },
  organizer: { name: TITLE, ...POST_RULES, phone: STRIPPED, email: STRIPPED },
  category: TERM_RULES,
  tag: TERM_RULES,
};

/** Who wrote the texts: a role with `unfiltered_html` keeps its markup where WordPress lets it. */
export type Writer = { unfilteredHtml: boolean };

/** A writer whose markup is cleaned: an author's, a contributor's, a file's. */
export const FILTERED: Writer = { unfilteredHtml: false };

function cleanTexts(texts: Multilingual, clean: (text: string) => string): Multilingual {
  const out: Record<string, string | undefined> = {};
  for (const [language, text] of Object.entries(texts))
    out[language] = typeof text === 'string' && text ? clean(text) : text;
  return out;
}

/**
 * The value of one field as `writer` may write it (a view's or a record's: a text per
 * language, or one text).
 */
export function cleanField(kind: Kind, field: string, value: unknown, writer: Writer): unknown {
  const rule = TEXT_RULES[kind][field];
  if (!rule || (writer.unfilteredHtml && !rule.everyone)) return value;
  if (typeof value === 'string') return value ? rule.clean(value) : value;
  if (value && typeof value === 'object' && isTranslatable(kind, field))
    return cleanTexts(value, rule.clean);
  return value;
}

/** A patch (or a whole record) with its texts as `writer` may write them. */
export function cleanPatch<P extends Patch>(kind: Kind, patch: P, writer: Writer): P {
  let out: Record<string, unknown> | undefined;
  for (const field of Object.keys(TEXT_RULES[kind])) {
    if (patch[field] === undefined) continue;
    const cleaned = cleanField(kind, field, patch[field], writer);
    if (cleaned !== patch[field]) {
      out ??= { ...patch };
      out[field] = cleaned;
    }
  }
  return (out ?? patch) as P;
}
