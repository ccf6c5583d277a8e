/**
 * The differences from TEC the comparison knows: docs/tec-differences.json. A deliberate entry is
 * one Marquee keeps on purpose, with its reason and the README's bullet for it; an open entry is
 * a fault known and not yet fixed, saying what TEC does (never in the README). Each has the
 * patterns of the differences it explains. A difference no entry matches is a new fault; an
 * entry that matches nothing is stale (fixed, or its scenario changed) and must go, unless it
 * says at which hours alone it shows.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Difference } from './play.ts';

export const DIFFERENCES_FILE = new URL('../../docs/tec-differences.json', import.meta.url);

/** Regular expressions, all of which must match (those left out match anything). */
const matcherSchema = z
  .object({
    scenario: z.string().optional(),
    /** The step's number and label: `3 partial update`. */
    step: z.string().optional(),
    /** `METHOD path as user`, the path as the scenario writes it (`events/{e1}`). */
    request: z.string().optional(),
    /** `status`, `code`, `header allow`, `body.events[2].website`. */
    where: z.string().optional(),
    /** Only when that side has the field and the other has none. */
    only: z.enum(['site', 'marquee']).optional(),
    /** The site's value, as JSON (`"0000-00-00 00:00:00"`): an open fault names what TEC answers. */
    site: z.string().optional(),
  })
  .strict();

const deliberateSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    /** The README's bullet (Markdown, one paragraph). */
    readme: z.string().min(1),
    /** Why Marquee differs, for whoever wonders whether to change it. */
    why: z.string().min(1),
    /** What the comparison sees of it; [] for a difference no scenario can show. */
    matches: z.array(matcherSchema),
    /**
     * When it shows only at some hours, which: a run at another hour sees none of it, and that
     * does not make the entry stale.
     */
    hours: z.string().min(1).optional(),
  })
  .strict();

const openSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    /** Not on purpose: a fault to fix. */
    open: z.literal(true),
    /** What TEC answers and Marquee does not yet. */
    tec: z.string().min(1),
    matches: z.array(matcherSchema).min(1),
  })
  .strict();

const entrySchema = z.union([deliberateSchema, openSchema]);

export const differencesFileSchema = z
  .object({ $comment: z.string().optional(), differences: z.array(entrySchema) })
  .strict();

export type DifferenceEntry = z.infer<typeof entrySchema>;
type DeliberateEntry = z.infer<typeof deliberateSchema>;

export const isDeliberate = (entry: DifferenceEntry): entry is DeliberateEntry =>
  !('open' in entry);
type Matcher = z.infer<typeof matcherSchema>;

export function loadDifferences(file: URL | string = DIFFERENCES_FILE): DifferenceEntry[] {
  return differencesFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).differences;
}

function matches(matcher: Matcher, difference: Difference): boolean {
  const test = (pattern: string | undefined, value: string) =>
    pattern === undefined || new RegExp(pattern).test(value);
  if (
    matcher.only === 'marquee' &&
    !(difference.site === undefined && difference.marquee !== undefined)
  )
    return false;
  if (
    matcher.only === 'site' &&
    !(difference.marquee === undefined && difference.site !== undefined)
  )
    return false;
  return (
    test(matcher.scenario, difference.scenario) &&
    test(matcher.step, difference.step) &&
    test(matcher.request, difference.request) &&
    test(matcher.where, difference.where) &&
    test(matcher.site, JSON.stringify(difference.site) ?? '(absent)')
  );
}

export type Classified = {
  /** Differences no entry explains. */
  unlisted: Difference[];
  /** Per entry id, the differences it explains. */
  listed: Map<string, Difference[]>;
  /** Entries with patterns that matched nothing in this run. */
  unused: string[];
};

export function classify(
  differences: readonly Difference[],
  entries: readonly DifferenceEntry[],
): Classified {
  const listed = new Map<string, Difference[]>(entries.map((entry) => [entry.id, []]));
  const unlisted: Difference[] = [];
  for (const difference of differences) {
    const entry = entries.find((candidate) =>
      candidate.matches.some((matcher) => matches(matcher, difference)),
    );
    if (entry) listed.get(entry.id)!.push(difference);
    else unlisted.push(difference);
  }
  const unused = entries
    .filter((entry) => entry.matches.length > 0 && listed.get(entry.id)!.length === 0)
    .filter((entry) => !isDeliberate(entry) || entry.hours === undefined)
    .map((entry) => entry.id);
  return { unlisted, listed, unused };
}

/** The README section's bullets, from the deliberate entries, wrapped at 100 columns. */
export function readmeBullets(entries: readonly DifferenceEntry[]): string {
  return entries
    .filter(isDeliberate)
    .map((entry) => wrap(`- ${entry.readme}`, 100, '  '))
    .join('\n');
}

function wrap(text: string, width: number, indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line === '' ? word : `${line} ${word}`;
    if (next.length > width && line !== '') {
      lines.push(line);
      line = `${indent}${word}`;
    } else line = next;
  }
  lines.push(line);
  return lines.join('\n');
}

/** The README's section, between its heading and what follows it. */
const README_SECTION =
  /(### Where Marquee differs from TEC on purpose\n\n)([\s\S]*?)(\n\n(?:Other decisions|###))/;

/** The bullets the README's section holds now, or undefined when it has no such section. */
export function readmeSection(readme: string): string | undefined {
  return README_SECTION.exec(readme)?.[2];
}

/** The README with its section made from the entries. */
export function withReadmeSection(readme: string, entries: readonly DifferenceEntry[]): string {
  if (readmeSection(readme) === undefined)
    throw new Error('The README has no "Where Marquee differs from TEC on purpose" section.');
  return readme.replace(README_SECTION, (_, head: string, __, tail: string) =>
    [head, readmeBullets(entries), tail].join(''),
  );
}
