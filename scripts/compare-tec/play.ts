/**
 * Plays scenarios on both sides, step by step (each step sent to both at once), and compares
 * each pair of answers: status, error code, the headers clients read, and the body field by
 * field, after naming ids (id-map.ts) and hosts (normalize.ts) alike.
 */
import { differences, type FieldDifference } from './diff.ts';
import { IdMap, type IdKind, type Side } from './id-map.ts';
import { Normalizer } from './normalize.ts';
import type { Scenario, Step } from './scenario.ts';
import { READ_HEADERS, send, type Answer, type Target, type WireRequest } from './targets.ts';

export type Difference = FieldDifference & {
  scenario: string;
  /** The step's number in its scenario (from 1) and its label or request. */
  step: string;
  request: string;
};

/** Both sides of one comparison and what is known of their ids. */
export type Pairing = { site: Target; marquee: Target; ids: IdMap };

export const newPairing = (site: Target, marquee: Target): Pairing => ({
  site,
  marquee,
  ids: new IdMap(),
});

const PLACEHOLDER = /\{([a-z][\w-]*)\}/gi;

function put(ids: IdMap, side: Side, text: string): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const id = ids.id(side, name);
    if (id === undefined) throw new Error(`No record is named "${name}" yet (${whole}).`);
    return String(id);
  });
}

/** A body's placeholders: a whole `"{e1}"` becomes the number, one inside a text its digits. */
function putIn(ids: IdMap, side: Side, value: unknown): unknown {
  if (typeof value === 'string') {
    const whole = /^\{([a-z][\w-]*)\}$/i.exec(value);
    return whole ? Number(put(ids, side, value)) : put(ids, side, value);
  }
  if (Array.isArray(value)) return value.map((item) => putIn(ids, side, item));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => [key, putIn(ids, side, field)]),
    );
  return value;
}

export const fullPath = (path: string) =>
  /^(tribe|calendar|marquee|wp)\//.test(path) || path === '' ? path : `tribe/events/v1/${path}`;

function wire(ids: IdMap, side: Side, sent: Step): WireRequest {
  const step = side === 'site' && sent.site ? { ...sent, ...sent.site } : sent;
  const body = step.json !== undefined || step.form !== undefined;
  return {
    method: step.method ?? (body ? 'POST' : 'GET'),
    path: put(ids, side, fullPath(step.path)),
    as: step.as ?? 'anonymous',
    json: step.json === undefined ? undefined : putIn(ids, side, step.json),
    form: step.form?.map(([key, value]) => [key, put(ids, side, value)]),
    root: step.root,
    headers: step.headers as Record<string, string> | undefined,
  };
}

/** A value at a dotted path (`categories.0.id`). */
function at(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (current, key) =>
        current && typeof current === 'object'
          ? (current as Record<string, unknown>)[key]
          : undefined,
      value,
    );
}

const SAME_NAME_KEYS = ['slug', 'title', 'venue', 'organizer', 'name'];

/**
 * Pairs the ids of records both answers show at the same place and that are the same record
 * by their slug or name (a list in another order pairs nothing wrongly).
 */
function learn(ids: IdMap, site: unknown, marquee: unknown, term = false): void {
  if (Array.isArray(site) && Array.isArray(marquee)) {
    site.forEach((item, index) => learn(ids, item, marquee[index], term));
    return;
  }
  if (!site || !marquee || typeof site !== 'object' || typeof marquee !== 'object') return;
  const a = site as Record<string, unknown>;
  const b = marquee as Record<string, unknown>;
  const kind: IdKind = term || 'taxonomy' in a ? 'term' : 'post';
  if (typeof a.id === 'number' && typeof b.id === 'number' && a.id > 0 && b.id > 0) {
    const same = SAME_NAME_KEYS.some(
      (key) => typeof a[key] === 'string' && a[key] !== '' && a[key] === b[key],
    );
    if (same) ids.pair(kind, a.id, b.id);
  }
  for (const key of Object.keys(a))
    if (key in b) learn(ids, a[key], b[key], key === 'categories' || key === 'tags');
}

const TERM_PATH = /\/(categories|tags|tribe_events_cat)(\/|\?|$)/;

function errorCode(answer: Answer): unknown {
  const body = answer.body as { code?: unknown } | undefined;
  return answer.status >= 400 && body && typeof body === 'object' ? body.code : undefined;
}

export type StepAnswers = { step: Step; site: Answer; marquee: Answer };

/** Plays one scenario; every difference found, and each step's answers (for reports). */
export async function play(
  pairing: Pairing,
  scenario: Scenario,
): Promise<{ differences: Difference[]; answers: StepAnswers[] }> {
  const found: Difference[] = [];
  const answers: StepAnswers[] = [];
  const { ids } = pairing;
  const normalizer = new Normalizer(ids, { site: pairing.site.url, marquee: pairing.marquee.url });
  for (const [index, step] of scenario.steps.entries()) {
    const siteRequest = wire(ids, 'site', step);
    const [site, marquee] = await Promise.all([
      send(pairing.site, siteRequest),
      send(pairing.marquee, wire(ids, 'marquee', step)),
    ]);
    answers.push({ step, site, marquee });
    const term = TERM_PATH.test(siteRequest.path);
    for (const [name, path] of Object.entries(step.save ?? {})) {
      if (path === undefined) continue;
      const s = at(site.body, path);
      const m = at(marquee.body, path);
      if (typeof s !== 'number' || typeof m !== 'number')
        throw new Error(`${scenario.name}, step ${index + 1}: no id at ${path} to name ${name}`);
      ids.pair(term ? 'term' : inferKind(site.body, path), s, m, name);
    }
    if (site.status === 201 && marquee.status === 201) {
      const s = (site.body as { id?: unknown }).id;
      const m = (marquee.body as { id?: unknown }).id;
      if (typeof s === 'number' && typeof m === 'number') ids.pair(term ? 'term' : 'post', s, m);
    }
    learn(ids, site.body, marquee.body, term);
    if (step.quiet) continue;
    const label = `${index + 1}${step.label ? ` ${step.label}` : ''}`;
    const request = `${siteRequest.method} ${step.root ?? ''}${fullPath(step.path)} as ${siteRequest.as}`;
    const push = (difference: FieldDifference) =>
      found.push({ scenario: scenario.name, step: label, request, ...difference });
    if (site.status !== marquee.status)
      push({ where: 'status', site: site.status, marquee: marquee.status });
    const codes = [errorCode(site), errorCode(marquee)];
    if (codes[0] !== codes[1]) push({ where: 'code', site: codes[0], marquee: codes[1] });
    for (const name of READ_HEADERS) {
      const s = site.headers[name];
      const m = marquee.headers[name];
      const a = s === undefined ? s : normalizer.text('site', s);
      const b = m === undefined ? m : normalizer.text('marquee', m);
      if (a !== b) push({ where: `header ${name}`, site: a, marquee: b });
    }
    const bodies = differences(
      normalizer.value('site', site.body, term),
      normalizer.value('marquee', marquee.body, term),
    );
    bodies.forEach(push);
  }
  return { differences: found, answers };
}

/** A saved id's kind from where it is: inside categories or tags it is a term's. */
function inferKind(body: unknown, path: string): IdKind {
  const parts = path.split('.');
  if (parts.some((part) => part === 'categories' || part === 'tags')) return 'term';
  const holder = parts.length > 1 ? at(body, parts.slice(0, -1).join('.')) : body;
  return holder && typeof holder === 'object' && 'taxonomy' in holder ? 'term' : 'post';
}
