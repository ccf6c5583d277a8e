/**
 * The differences Marquee keeps on purpose: docs/tec-differences.json, one entry per decision
 * with its reason, the README's bullet for it, and the patterns of the differences it explains.
 * A difference no entry matches is a fault to fix; an entry that matches nothing is stale.
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
  })
  .strict();

const entrySchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    /** The README's bullet (Markdown, one paragraph). */
    readme: z.string().min(1),
    /** Why Marquee differs, for whoever wonders whether to change it. */
    why: z.string().min(1),
    /** What the comparison sees of it; [] for a difference no scenario can show. */
    matches: z.array(matcherSchema),
  })
  .strict();

export const differencesFileSchema = z
  .object({ $comment: z.string().optional(), differences: z.array(entrySchema) })
  .strict();

export type DeliberateEntry = z.infer<typeof entrySchema>;
type Matcher = z.infer<typeof matcherSchema>;

export function loadDeliberate(file: URL | string = DIFFERENCES_FILE): DeliberateEntry[] {
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
    test(matcher.where, difference.where)
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
  entries: readonly DeliberateEntry[],
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
    .map((entry) => entry.id);
  return { unlisted, listed, unused };
}

/** The README section's bullets, from the entries, wrapped at 100 columns. */
export function readmeBullets(entries: readonly DeliberateEntry[]): string {
  return entries.map((entry) => wrap(`- ${entry.readme}`, 100, '  ')).join('\n');
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
